import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A daily or weekly chart command, validated: what to fetch, whether it was asked as a range,
/// and how to print it. `daily` and `weekly` declare their own options and share this.
package struct ChartCommand: StreamingCommand {
    var query: ChartQuery
    /// Whether the user asked for a range (output is then a list of charts).
    var isRange: Bool
    var network: NetworkOptions
    /// Periods of a weekly range that have not ended yet: left out, and said so on stderr.
    var periodsNotEnded: [KSTDate] = []
    /// Print the charts of a range that arrived even if others did not (exit 23).
    var keepsGoing: Bool

    /// Options both chart commands take after their own.
    static let filterOptions =
        [
            OptionSpec(
                name: .nation, kind: .choice(ChartFilter.Nation.allCases.map(\.rawValue)), valueName: "nation",
                help: Words("Only korean or foreign films.", "한국영화(korean) 또는 외국영화(foreign)만.")),
            OptionSpec(
                name: .type, kind: .choice(ChartFilter.MovieType.allCases.map(\.rawValue)), valueName: "type",
                help: Words("Only commercial or independent films.", "상업영화 또는 다양성영화(KOBIS의 multiMovieYn)만: commercial 또는 independent.")),
            OptionSpec(
                name: .region, kind: .text, valueName: "region",
                help: Words("Only one region: a name such as seoul or 서울, or its 7-digit code.", "한 지역만: seoul 또는 서울 같은 이름, 또는 7자리 코드."),
                toolHelp: "Only one region: an English name (seoul, busan, gyeonggi…), a Korean name (서울) or a 7-digit code.",
                completion: .words(Region.all.map(\.englishName))),
            OptionSpec(
                name: .limit, kind: .integer(1...ChartFilter.maximumItemsPerPage),
                help: Words(
                    "Show the top <n> movies, 1 to \(ChartFilter.maximumItemsPerPage).", "상위 <n>편만 봅니다, 1~\(ChartFilter.maximumItemsPerPage)."),
                toolHelp: "Show the top n movies.", defaultValue: .value(String(ChartFilter.maximumItemsPerPage))),
            OptionSpec(
                name: .posters, help: Words("Add each movie's poster URL (needs KAKAO_REST_API_KEY).", "영화마다 포스터 URL을 붙입니다(KAKAO_REST_API_KEY 필요)."),
                toolHelp: "Add each movie's poster URL (the server needs a Kakao key)."),
            OptionSpec(
                name: .from, kind: .date, help: Words("First day of a range (with --to).", "범위의 첫날(--to와 함께)."),
                toolHelp: "First day of a range (with to); the result is then {\"charts\": [...]}."),
            OptionSpec(
                name: .to, kind: .date, help: Words("Last day of a range (with --from).", "범위의 마지막 날(--from과 함께)."),
                toolHelp: "Last day of a range (with from)."),
            OptionSpec(
                name: .jobs, short: "j", kind: .integer(ChartQuery.jobRange),
                help: Words(
                    "Requests in flight at once for ranges, 1 to \(ChartQuery.jobRange.upperBound).",
                    "범위 조회 때 동시에 보내는 요청 수, 1~\(ChartQuery.jobRange.upperBound)."),
                defaultValue: .value(String(ChartQuery.defaultJobs))),
            OptionSpec(
                name: .keepGoing,
                help:
                    Words(
                        "In a range, print the charts that arrived even if others failed: those are named on stderr and marked in JSON, and the run exits 23.",
                        "범위 조회에서 일부가 실패해도 받은 박스오피스는 출력합니다. 실패한 것은 stderr에 밝히고 JSON에 표시하며, 종료 코드는 23입니다."),
                toolHelp:
                    "In a range, answer with the days that arrived even if others failed: each missing one is {\"missing\": true, \"error\"} in its place, and the text says which."
            ),
        ] + SharedOptions.network

    /// Validates `daily` or `weekly`.
    init(_ reader: OptionReader, isWeekly: Bool) throws(UsageError) {
        let today = reader.today
        let period = isWeekly ? try reader.choice(.period, WeekPeriod.init(rawValue:)) ?? .week : .week
        let (fromName, toName) = (reader.name(.from), reader.name(.to))
        let dates: [KSTDate]
        let from = try reader.date(.from)
        let to = try reader.date(.to)
        if from != nil || to != nil {
            guard try reader.text(.date) == nil else {
                throw reader.error(
                    bilingual(
                        "Use either \(reader.name(.date)) or \(fromName)/\(toName), not both.",
                        "\(reader.name(.date), particle: .and) \(fromName)/\(toName) 가운데 하나만 쓰세요."))
            }
            guard let from, let to else {
                throw reader.error(
                    bilingual(
                        "A range needs both \(fromName) and \(toName).", "범위에는 \(fromName, particle: .and) \(toName, particle: .subject) 모두 필요합니다."))
            }
            if isWeekly {
                // The periods that have ended are fetched; the others are left out, and said so.
                let weeks = try reader.range { try RangeRules.weeks(period, from: from, to: to, today: today) }
                (dates, periodsNotEnded) = (weeks.ended, weeks.notEnded)
            } else {
                dates = try reader.range { try RangeRules.days(from: from, to: to) }
            }
            isRange = true
        } else if isWeekly {
            let date = try reader.date(.date) ?? period.latestEnded(before: today)
            dates = [try reader.range { try RangeRules.endedWeek(period, containing: date, today: today) }]
            isRange = false
        } else {
            dates = [try reader.date(.date) ?? today.adding(days: -1)]
            isRange = false
        }
        query = ChartQuery(kind: isWeekly ? .weekly(period) : .daily, dates: dates)
        query.filter.nation = try reader.choice(.nation, ChartFilter.Nation.init(rawValue:))
        query.filter.movieType = try reader.choice(.type, ChartFilter.MovieType.init(rawValue:))
        if let regionName = try reader.text(.region) {
            guard let region = Region.named(regionName) else {
                let names = Region.all.map(\.englishName)
                let hint = didYouMean(Suggestion.closest(to: regionName, among: names))
                let codes = "\(Region.all.first?.code ?? "")–\(Region.all.last?.code ?? "")"
                throw reader.error(
                    bilingual(
                        "Unknown region '\(regionName)'.\(hint) Use one of: \(names.joined(separator: ", ")), their Korean names, or their codes \(codes).",
                        "알 수 없는 지역입니다: '\(regionName)'.\(hint) 쓸 수 있는 값: \(names.joined(separator: ", ")), 그 한국어 이름(서울, 경기…), 코드 \(codes)."
                    ))
            }
            query.filter.region = region
        }
        query.limit = try reader.integer(.limit)
        query.withPosters = try reader.flag(.posters)
        query.jobs = try reader.integer(.jobs) ?? ChartQuery.defaultJobs
        keepsGoing = try reader.flag(.keepGoing)
        guard !keepsGoing || isRange else {
            throw reader.error(
                bilingual(
                    "\(reader.name(.keepGoing)) is for a range (\(reader.name(.from)) and \(reader.name(.to))): a single chart arrives or fails whole.",
                    "\(reader.name(.keepGoing), particle: .topic) 기간(\(reader.name(.from)), \(reader.name(.to)))에 씁니다. 하나뿐인 박스오피스는 받거나 못 받거나 둘 중 하나입니다."
                ))
        }
        network = try NetworkOptions(reader, offering: Self.fieldNames(query.kind, withPosters: query.withPosters))
    }

    /// The fields of a chart: its columns do not depend on its movies, so an empty chart names them all.
    static func fieldNames(_ kind: ChartKind, withPosters: Bool) -> [String] {
        let day = KSTDate.today(at: Date(timeIntervalSince1970: 0))
        let chart = BoxOfficeChart(kind: kind, startDate: day, endDate: day, entries: [])
        return ChartsOutput([chart], withPosters: withPosters).document.fieldNames
    }

    /// Fetches and writes each chart as it is decided, in date order; progress on stderr only
    /// when it is a terminal.
    package func stream(in state: CommandState, to output: OutputSpool) async throws {
        var writer = ChartRangeWriter(
            format: network.format, style: state.style(network), fields: network.fields, asRange: isRange, withPosters: query.withPosters)
        let missing = try await forEachPart(in: state) { part in try writer.write(part, to: output.write) }
        try writer.finish(to: output.write)
        guard missing.isEmpty else { throw PartialResult(output: .empty, missing: missing, total: query.dates.count) }
    }

    /// The charts whole and typed, for a caller that holds them anyway (`boxoffice mcp`).
    package func run(in state: CommandState) async throws -> CommandOutput {
        var parts: [ChartsOutput.Part] = []
        let missing = try await forEachPart(in: state) { parts.append($0) }
        let output = CommandOutput.data(ChartsOutput(parts: parts, asRange: isRange, withPosters: query.withPosters), network)
        guard missing.isEmpty else { throw PartialResult(output: output, missing: missing, total: query.dates.count) }
        return output
    }

    /// Fetches the charts and hands each on as it is decided, in date order, a missing one (with
    /// `--keep-going`) with the line that says why; returns the missing ones.
    private func forEachPart(
        in state: CommandState, _ receive: (ChartsOutput.Part) throws -> Void
    ) async throws -> [(chart: MissingChart, reason: String)] {
        if case .weekly(let period) = query.kind {
            for start in periodsNotEnded {
                let (first, last) = (period.firstDay(ofWeekContaining: start), period.lastDay(ofWeekContaining: start))
                state.context.warn(
                    bilingual(
                        "The \(period.rawValue) of \(first.iso) to \(last.iso) \(period == .weekdays ? "have" : "has") not ended yet, so \(period == .weekdays ? "they are" : "it is") left out.",
                        "\(KoreanDate.range(first, last))의 \(period.koreanName)은 아직 끝나지 않아 뺐습니다."))
            }
        }
        // Settled days the archive holds answer a daily chart as they answer a report, with no call.
        let archive = query.kind == .daily ? state.archiveToRead(network) : nil
        let client = try state.makeClient(network, needs: query.withPosters ? [.kobis, .kakao] : [.kobis], servedBy: archive)
        let unit = query.kind == .daily ? "days" : "weeks"
        let progress = isRange ? state.progressLine(total: query.dates.count, unit: unit) : nil
        func fetch() async throws -> [MissingChart] {
            try await ChartFetcher(client: client).forEachChart(
                query, keepingGoing: keepsGoing, onChartFetched: { await progress?.advance() }
            ) { chart in
                switch chart {
                case .fetched(let chart): try receive(.chart(chart))
                case .missing(let missing): try receive(.missing((missing, ErrorText.message(for: missing.error, caller: state.caller))))
                }
            }
        }
        // A range's days are read in parallel on the shared pool: a cached month is work for
        // every core. One chart keeps to the thread it was asked on, and starts none.
        let missing = try await isRange ? withTaskExecutorPreference(globalConcurrentExecutor) { try await fetch() } : fetch()
        await progress?.finish()
        return missing.map { ($0, ErrorText.message(for: $0.error, caller: state.caller)) }
    }
}
