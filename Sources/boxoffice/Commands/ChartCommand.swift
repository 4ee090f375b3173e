import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A daily or weekly chart command, validated: what to fetch, whether it was asked as a range,
/// and how to print it. `daily` and `weekly` declare their own options and share this.
struct ChartCommand: StreamingCommand {
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
                name: .nation, valueName: "nation", help: "Only korean or foreign films.", choices: ChartFilter.Nation.allCases.map(\.rawValue)),
            OptionSpec(
                name: .type, valueName: "type", help: "Only commercial or independent films.", choices: ChartFilter.MovieType.allCases.map(\.rawValue)
            ),
            OptionSpec(
                name: .region, valueName: "region", help: "Only one region: a name such as seoul or 서울, or its 7-digit code.",
                choices: Region.all.map(\.englishName)),
            OptionSpec(
                name: .limit, valueName: "n", help: "Show the top <n> movies, 1 to \(ChartFilter.maximumItemsPerPage).",
                defaultValue: String(ChartFilter.maximumItemsPerPage)),
            OptionSpec(name: .posters, help: "Add each movie's poster URL (needs KAKAO_REST_API_KEY)."),
            OptionSpec(name: .from, valueName: "date", help: "First day of a range (with --to)."),
            OptionSpec(name: .to, valueName: "date", help: "Last day of a range (with --from)."),
            OptionSpec(
                name: .jobs, short: "j", valueName: "n", help: "Requests in flight at once for ranges, 1 to \(ChartQuery.jobRange.upperBound).",
                defaultValue: String(ChartQuery.defaultJobs)),
            OptionSpec(
                name: .keepGoing,
                help:
                    "In a range, print the charts that arrived even if others failed: those are named on stderr and marked in JSON, and the run exits 23."
            ),
        ] + SharedOptions.network

    /// Validates `daily` or `weekly`.
    init(_ reader: OptionReader, isWeekly: Bool) throws(UsageError) {
        let today = reader.today
        let period = isWeekly ? try reader.choice(.period, WeekPeriod.init(rawValue:)) ?? .week : .week
        let dates: [KSTDate]
        let from = try reader.date(.from)
        let to = try reader.date(.to)
        if from != nil || to != nil {
            guard reader.value(.date) == nil else { throw reader.error("Use either --date or --from/--to, not both.") }
            guard let from, let to else { throw reader.error("A range needs both --from and --to.") }
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
        if let regionName = reader.value(.region) {
            guard let region = Region.named(regionName) else {
                let names = Region.all.map(\.englishName)
                let hint = CommandLineParser.suggestion(for: regionName, among: names).map { " Did you mean '\($0)'?" } ?? ""
                throw reader.error(
                    "Unknown region '\(regionName)'.\(hint) Use one of: \(names.joined(separator: ", ")), their Korean names, or their codes \(Region.all.first?.code ?? "")–\(Region.all.last?.code ?? "")."
                )
            }
            query.filter.region = region
        }
        query.limit = try reader.integer(.limit, in: 1...ChartFilter.maximumItemsPerPage)
        query.withPosters = reader.flag(.posters)
        query.jobs = try reader.integer(.jobs, in: ChartQuery.jobRange) ?? ChartQuery.defaultJobs
        keepsGoing = reader.flag(.keepGoing)
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
    func stream(in state: CommandState, to output: OutputSpool) async throws {
        if case .weekly(let period) = query.kind {
            for start in periodsNotEnded {
                let (first, last) = (period.firstDay(ofWeekContaining: start), period.lastDay(ofWeekContaining: start))
                state.context.warn(
                    "The \(period.rawValue) of \(first.iso) to \(last.iso) \(period == .weekdays ? "have" : "has") not ended yet, so \(period == .weekdays ? "they are" : "it is") left out."
                )
            }
        }
        let client = try state.makeClient(network, needs: query.withPosters ? [.kobis, .kakao] : [.kobis])
        let unit = query.kind == .daily ? "days" : "weeks"
        let progress = isRange ? state.progressLine(total: query.dates.count, unit: unit) : nil
        var writer = ChartRangeWriter(
            format: network.format, style: state.style(network), fields: network.fields, asRange: isRange, withPosters: query.withPosters)
        let missing = try await ChartFetcher(client: client).forEachChart(
            query, keepingGoing: keepsGoing, onChartFetched: { await progress?.advance() }
        ) { chart in
            switch chart {
            case .fetched(let chart): try writer.write(.chart(chart), to: output.write)
            case .missing(let missing): try writer.write(.missing((missing, ErrorText.message(for: missing.error))), to: output.write)
            }
        }
        await progress?.finish()
        try writer.finish(to: output.write)
        guard missing.isEmpty else {
            throw PartialResult(output: Data(), missing: missing.map { ($0, ErrorText.message(for: $0.error)) }, total: query.dates.count)
        }
    }
}
