import BoxOfficeArchive
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice top`: the films of a period, from the archive, with no call.
package struct TopCommand: RunnableCommand {
    let period: PeriodOptions
    let measure: TopMeasure
    let limit: Int
    let format: OutputFormat
    let color: ColorChoice
    var fields: [String]?

    /// The fields `--fields` offers: the JSON names of the table's columns.
    static var fieldNames: [String] {
        TopOutput(films: [], coverage: PeriodCoverage(period: .allTime, missing: []), measure: .audience).document.fieldNames
    }

    static let spec = CommandSpec(
        name: "top",
        abstract: Words(
            "Rank the films of a year, a month or any period, from the archive (no call).", "한 해, 한 달 또는 정한 기간의 영화 순위를 아카이브에서 구합니다(호출 없음)."),
        discussion:
            Words(
                "A film's figure comes from KOBIS's own running totals: its audience_total on its last archived day of the period less audience_total - audience on its first, so the days between that it spent outside the daily top ten count too; the days before its first and after its last charted day do not. It is never less than the sum of its archived days. --all-time ranks by each film's latest running total, KOBIS's own audience_total. The README gives the SQL.",
                "영화별 수치는 KOBIS의 누적 집계에서 구합니다. 기간 안에서 아카이브에 있는 마지막 날의 audience_total에서 첫날의 audience_total - audience를 뺀 값이라, 그 사이 일별 10위 밖에 있던 날도 셈에 듭니다. 처음 10위 안에 든 날 앞과 마지막 날 뒤는 들지 않습니다. 아카이브에 있는 날들의 합보다 작지 않습니다. --all-time은 영화마다 가장 최근의 누적관객수(KOBIS의 audience_total)로 순위를 매깁니다. SQL은 README에 있습니다."
            ),
        examples: ["boxoffice top --year 2023", "boxoffice top --month 2023-08 --by sales --format csv", "boxoffice top --all-time --limit 20"],
        options: PeriodOptions.options(allTime: true) + [
            OptionSpec(
                name: .by, kind: .choice(TopMeasure.allCases.map(\.rawValue)),
                help: Words("Rank by audience or sales.", "순위 기준: 관객수(audience) 또는 매출액(sales)."),
                defaultValue: .value("audience")),
            OptionSpec(name: .limit, kind: .integer(1...1_000), help: Words("How many films.", "영화 몇 편."), defaultValue: .value("10")),
        ] + SharedOptions.printing + [SharedOptions.fields(TopCommand.fieldNames)],
        outputSchema: TopOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "box_office_top", title: "Top films of a period (archive)",
            description:
                "The films of a year, a month or any period ranked by audience (or sales), from the local box-office archive: no API call. A film's figure comes from KOBIS's running totals, from its first to its last day in the archived daily top 10s of the period (days outside the top 10 between them included; 'counts' says so); 'all_time' ranks by each film's latest running total. The answer names any days of the period the archive lacks. Example: {\"year\": 2023, \"limit\": 10}.",
            options: [.year, .month, .from, .to, .allTime, .by, .limit, .strict], effect: .readsTheArchive),
        make: { reader throws(UsageError) in
            let format = try reader.format()
            return TopCommand(
                period: try PeriodOptions(reader, allowsAllTime: true), measure: try reader.choice(.by, TopMeasure.init) ?? .audience,
                limit: try reader.integer(.limit) ?? 10, format: format, color: try reader.color(),
                fields: try reader.fields(among: TopCommand.fieldNames, format: format))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let archive = try state.openArchive(period.archive, readOnly: true)
        let coverage = try period.coverage(in: archive, state: state)
        let films = try archive.top(period.period, by: measure, limit: limit)
        return .data(
            TopOutput(films: films, coverage: coverage, measure: measure), CommandOutput.Layout(format: format, color: color, fields: fields))
    }
}

/// `boxoffice share`: each distributor's, nation's or genre's part of a period, from the archive.
package struct ShareCommand: RunnableCommand {
    let period: PeriodOptions
    let grouping: ShareGrouping
    let format: OutputFormat
    let color: ColorChoice
    var fields: [String]?

    /// The fields `--fields` offers: the JSON names of the table's columns.
    static var fieldNames: [String] {
        ShareOutput(groups: [], coverage: PeriodCoverage(period: .allTime, missing: []), grouping: .distributor).document.fieldNames
    }

    static let spec = CommandSpec(
        name: "share",
        abstract: Words(
            "Each distributor's, nation's or genre's share of a period's audience and sales, from the archive.",
            "기간 관객수와 매출액의 배급사별·국적별·장르별 점유율을 아카이브에서 구합니다."),
        discussion:
            Words(
                "Counts the films of the archived daily top tens, each with its figure as 'top' gives it (from KOBIS's running totals): a film counts for its first distributor, its nation (대표국적) or its genre (대표장르), from its details, which 'archive sync' fetches unless --no-movies.",
                "아카이브에 있는 일별 10위권 영화를 'top'과 같은 수치(KOBIS 누적 집계 기준)로 셉니다. 영화는 첫 번째 배급사, 대표국적, 대표장르로 묶이며, 이 정보는 --no-movies가 아니면 'archive sync'가 받아 둔 영화 상세 정보에서 옵니다."
            ),
        examples: ["boxoffice share --year 2023 --by distributor", "boxoffice share --month 2023-08 --by nation --format json"],
        options: PeriodOptions.options(allTime: true) + [
            OptionSpec(
                name: .by, kind: .choice(ShareGrouping.allCases.map(\.rawValue)),
                help: Words("Group by distributor, nation or genre.", "묶는 기준: 배급사(distributor), 대표국적(nation) 또는 대표장르(genre)."),
                defaultValue: .value("distributor"))
        ] + SharedOptions.printing + [SharedOptions.fields(ShareCommand.fieldNames)],
        outputSchema: ShareOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "box_office_share", title: "Share of a period by distributor, nation or genre (archive)",
            description:
                "Each distributor's, nation's or genre's share of a period's audience and sales, from the local box-office archive: no API call. Each film counts with its figure from KOBIS's running totals, as box_office_top ranks it. Example: {\"year\": 2023, \"by\": \"distributor\"}.",
            options: [.year, .month, .from, .to, .allTime, .by, .strict], effect: .readsTheArchive),
        make: { reader throws(UsageError) in
            let format = try reader.format()
            return ShareCommand(
                period: try PeriodOptions(reader, allowsAllTime: true), grouping: try reader.choice(.by, ShareGrouping.init) ?? .distributor,
                format: format, color: try reader.color(), fields: try reader.fields(among: ShareCommand.fieldNames, format: format))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let archive = try state.openArchive(period.archive, readOnly: true)
        let coverage = try period.coverage(in: archive, state: state)
        let groups = try archive.share(period.period, by: grouping)
        return .data(
            ShareOutput(groups: groups, coverage: coverage, grouping: grouping), CommandOutput.Layout(format: format, color: color, fields: fields))
    }
}

/// The period a question of the archive covers: `--year`, `--month`, `--from`/`--to` or
/// `--all-time`, one of them; and whether a period the archive lacks days of is an error.
package struct PeriodOptions: Sendable {
    let period: ArchivePeriod
    let isStrict: Bool
    let archive: String?

    static func options(allTime: Bool) -> [OptionSpec] {
        [
            OptionSpec(
                name: .year, kind: .integer(SearchCommand.years), valueName: "yyyy", help: Words("A calendar year.", "한 해(달력 기준)."),
                defaultValue: .described(Words("this year so far", "올해 지금까지"))),
            OptionSpec(name: .month, kind: .text, valueName: "yyyy-mm", help: Words("A calendar month.", "한 달(달력 기준).")),
            OptionSpec(
                name: .from, kind: .date, help: Words("First day of a period of your own; give its last day too.", "직접 정하는 기간의 첫날. 마지막 날도 함께 주세요.")),
            OptionSpec(
                name: .to, kind: .date, help: Words("Last day of a period of your own; give its first day too.", "직접 정하는 기간의 마지막 날. 첫날도 함께 주세요.")),
        ] + (allTime ? [OptionSpec(name: .allTime, help: Words("Every day the archive holds.", "아카이브에 있는 모든 날."))] : []) + [
            OptionSpec(
                name: .strict,
                help: Words(
                    "Refuse a period the archive lacks days of, instead of answering with the days it holds.",
                    "아카이브에 빠진 날이 있는 기간이면, 있는 날로 답하는 대신 거절합니다.")),
            SharedOptions.archive,
        ]
    }

    init(_ reader: OptionReader, allowsAllTime: Bool) throws(UsageError) {
        let year = try reader.integer(.year)
        let month = try reader.text(.month)
        let from = try reader.date(.from)
        let to = try reader.date(.to)
        let allTime = allowsAllTime ? try reader.flag(.allTime) : false
        let given = [year != nil, month != nil, from != nil || to != nil, allTime].filter { $0 }.count
        let choices = "\(reader.name(.year)), \(reader.name(.month)), \(reader.name(.from))/\(reader.name(.to))"
        guard given <= 1 else {
            throw reader.error(
                bilingual(
                    "Give one period: \(choices)\(allowsAllTime ? " or \(reader.name(.allTime))" : ""), not several.",
                    "기간은 하나만 주세요: \(choices)\(allowsAllTime ? " 또는 \(reader.name(.allTime))" : "")."))
        }
        // The rules (reversed, in the future) are the library's, said in the caller's words.
        let rules = { (problem: BoxOfficeError) -> UsageError in reader.error(ErrorText.message(for: problem, caller: reader.caller)) }
        if given == 0, let thisYear = ArchivePeriod.year(reader.today.year) {
            period = thisYear
        } else if let year {
            let found: ArchivePeriod?
            do throws(BoxOfficeError) { found = try RangeRules.archivePeriod(year: year, today: reader.today) } catch { throw rules(error) }
            guard let found else { throw reader.error(bilingual("There is no year \(year).", "\(year)년은 없습니다.")) }
            period = found
        } else if let month {
            let parts = month.split(separator: "-", omittingEmptySubsequences: false)
            var found: ArchivePeriod?
            if parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let number = Int(parts[1]) {
                do throws(BoxOfficeError) {
                    found = try RangeRules.archivePeriod(year: year, month: number, today: reader.today)
                } catch { throw rules(error) }
            }
            guard let period = found else {
                throw reader.error(
                    bilingual(
                        "\(reader.name(.month)) takes a month as YYYY-MM, such as 2023-08, not '\(TerminalText.sanitize(month))'.",
                        "\(reader.name(.month))에는 2023-08처럼 YYYY-MM 형식의 달을 주세요('\(TerminalText.sanitize(month))'는 쓸 수 없습니다)."))
            }
            self.period = period
        } else if from != nil || to != nil {
            guard let from, let to else {
                throw reader.error(
                    bilingual(
                        "Give both \(reader.name(.from)) and \(reader.name(.to)).",
                        "\(reader.name(.from), particle: .and) \(reader.name(.to), particle: .object) 모두 주세요."))
            }
            guard from <= to else {
                throw reader.error(
                    bilingual(
                        "\(reader.name(.to)) \(to.iso) is before \(reader.name(.from)) \(from.iso).",
                        "\(reader.name(.to)) \(to.iso, particle: .subject) \(reader.name(.from)) \(from.iso)보다 앞입니다."))
            }
            do throws(BoxOfficeError) { period = try RangeRules.archivePeriod(from: from, to: to, today: reader.today) } catch { throw rules(error) }
        } else {
            period = .allTime
        }
        if case .days(let first, let last) = period, last < ArchiveCommand.firstDay {
            throw reader.error(
                bilingual(
                    "KOBIS's daily charts begin on \(ArchiveCommand.firstDay.iso): no sync can fill \(first.iso) to \(last.iso).",
                    "KOBIS의 일별 박스오피스는 \(ArchiveCommand.firstDay.iso)에 시작합니다. \(first.iso)~\(last.iso) 기간은 어떤 동기화로도 채울 수 없습니다."))
        }
        isStrict = try reader.flag(.strict)
        archive = try reader.text(.archive)
    }

    /// The days of the period the archive lacks, up to yesterday (a year not over yet is
    /// covered by the days so far): said on stderr, or refused with --strict. A period of which
    /// the archive holds no day at all is refused: an empty table would read as "no films".
    func coverage(in archive: BoxOfficeArchive, state: CommandState) throws -> PeriodCoverage {
        guard case .days(let asked, let to) = period else {
            let status = try archive.status()
            guard status.days > 0 else { throw PeriodNotArchived(message: PeriodCoverage.sayingEmpty(nil, caller: state.caller)) }
            let unsettled = try status.firstDay.flatMap { first in try status.lastDay.map { try archive.days(from: first, to: $0) } } ?? [:]
            return PeriodCoverage(period: period, missing: [], unsettled: unsettled.filter { !$0.value }.map(\.key).sorted())
        }
        // Days before KOBIS's first chart cannot be missing: no sync could fill them.
        let from = max(asked, ArchiveCommand.firstDay)
        let last = min(to, state.context.today.adding(days: -1))
        // One read of the days held serves both what is missing and what is still provisional.
        let held = from <= last ? try archive.days(from: from, to: last) : [:]
        let missing = from <= last ? (0...last.days(since: from)).map { from.adding(days: $0) }.filter { held[$0] == nil } : []
        if from <= last, missing.count == last.days(since: from) + 1 {
            throw PeriodNotArchived(message: PeriodCoverage.sayingEmpty((from, last), caller: state.caller))
        }
        if !missing.isEmpty {
            let line = PeriodCoverage.saying(missing)
            if isStrict { throw PeriodNotArchived(message: line) }
            // At a terminal the note under the table says it; a second line on stderr would repeat it.
            if !(state.context.stdoutIsTerminal && state.context.stderrIsTerminal) { state.context.warn(line) }
        }
        let unsettled = held.filter { !$0.value }.map(\.key).sorted()
        // The heading tells the days the answer covers: a year not over yet runs to yesterday.
        return PeriodCoverage(period: .days(from: asked, to: max(asked, last)), missing: missing, unsettled: unsettled)
    }
}

/// `--strict`, and the archive lacks days of the period (exit 75).
package struct PeriodNotArchived: ReportableError {
    package let message: String
}
