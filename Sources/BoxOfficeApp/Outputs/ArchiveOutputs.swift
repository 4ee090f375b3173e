import BoxOfficeArchive
import BoxOfficeCore

/// What `archive status` prints.
package struct ArchiveStatusOutput: Presentable {
    /// How many runs of missing days the table's note names; JSON has them all.
    static let spansShown = 10
    let path: String
    let status: ArchiveStatus
    var bytes: Int64 { status.bytes }

    package static let jsonSchema = JSONSchema.object([
        ("path", .string), ("schemaVersion", .integer), ("days", .integer), ("firstDay", .nullable(.date)), ("lastDay", .nullable(.date)),
        ("missingDays", .integer), ("unsettledDays", .integer), ("chartRows", .integer), ("films", .integer), ("filmsWithDetails", .integer),
        ("bytes", .integer), ("missingRanges", .array(.object([("from", .date), ("to", .date)]))), ("filmsAwaitingDetails", .integer),
        ("wideDays", .integer),
    ])

    package var json: JSONValue {
        .object([
            ("path", .string(path)), ("schemaVersion", .integer(status.schemaVersion)), ("days", .integer(status.days)),
            ("firstDay", .date(status.firstDay)), ("lastDay", .date(status.lastDay)), ("missingDays", .integer(status.missingDays)),
            ("unsettledDays", .integer(status.unsettledDays)), ("chartRows", .integer(status.chartRows)), ("films", .integer(status.films)),
            ("filmsWithDetails", .integer(status.filmsWithDetails)), ("bytes", .integer(bytes)),
            ("missingRanges", .array(status.missingSpans.map { .object([("from", .date($0.from)), ("to", .date($0.to))]) })),
            ("filmsAwaitingDetails", .integer(status.filmsAwaitingDetails)), ("wideDays", .integer(status.wideDays)),
        ])
    }

    package var document: Document {
        let rows: [(String, String, Cell)] = [
            (bilingual("Days", "날수"), "days", .count(status.days)), (bilingual("First day", "첫날"), "first_day", .date(status.firstDay)),
            (bilingual("Last day", "마지막 날"), "last_day", .date(status.lastDay)),
            (bilingual("Days missing between them", "그 사이 빠진 날"), "missing_days", .count(status.missingDays)),
            (bilingual("Days still unsettled", "아직 확정되지 않은 날"), "unsettled_days", .count(status.unsettledDays)),
            (bilingual("Days with the lists by nation", "국적별 목록도 있는 날"), "wide_days", .count(status.wideDays)),
            (bilingual("Chart rows", "박스오피스 행"), "chart_rows", .count(status.chartRows)), (bilingual("Films", "영화"), "films", .count(status.films)),
            (bilingual("Films with details", "상세 정보가 있는 영화"), "films_with_details", .count(status.filmsWithDetails)),
            (bilingual("Films awaiting details", "상세 정보를 기다리는 영화"), "films_awaiting_details", .count(status.filmsAwaitingDetails)),
            (bilingual("Size in bytes", "크기(바이트)"), "bytes", .count(bytes)),
            (bilingual("Schema version", "스키마 버전"), "schema_version", .count(status.schemaVersion)),
        ]
        let people = Table(
            columns: [Column(Words("Archive", "아카이브"), key: nil, isTruncatable: true), Column(Words("Value", "값"), key: nil, alignment: .right)],
            rows: rows.map { [.text($0.0), $0.2] })
        let machines = Table(columns: rows.map { Column.machine($0.1) } + [Column.machine("path")], rows: [rows.map(\.2) + [.text(path)]])
        let heading = bilingual("Archive: \(path)", "아카이브: \(path)")
        var blocks: [Document.Block] = [.heading(heading, inMarkdown: false), .table(people), .table(machines.hiddenAtTerminal)]
        if !status.missingSpans.isEmpty {
            let shown = status.missingSpans.prefix(Self.spansShown).map { $0.from == $0.to ? $0.from.iso : "\($0.from.iso)~\($0.to.iso)" }
            let more = status.missingSpans.count - shown.count
            blocks.append(
                .note(
                    bilingual(
                        "Missing: \(shown.joined(separator: ", "))\(more > 0 ? " and \(more) more spans" : "").",
                        "빠진 날: \(shown.joined(separator: ", "))\(more > 0 ? " 외 \(more)구간" : "")")))
        }
        return Document([Document.Section(blocks)])
    }
}

/// What `archive check` prints: what does not add up, one finding a row.
package struct ArchiveCheckOutput: Presentable {
    let findings: [ArchiveFinding]

    package static let jsonSchema = JSONSchema.object([
        ("ok", .boolean),
        (
            "findings",
            .array(
                .object([
                    ("kind", .choice(ArchiveFinding.Kind.allCases.map(\.rawValue))), ("day", .nullable(.date)), ("code", .nullable(.string)),
                    ("title", .nullable(.string)), ("measure", .nullable(.choice(TopMeasure.allCases.map(\.rawValue)))),
                    ("expected", .nullable(.integer)), ("found", .nullable(.integer)),
                ]))
        ),
    ])

    private func member(_ finding: ArchiveFinding) -> [(String, JSONValue)] {
        [
            ("kind", .string(finding.kind.rawValue)), ("day", .date(finding.day)), ("code", .string(finding.code)), ("title", .string(finding.title)),
            ("measure", .string(finding.measure?.rawValue)), ("expected", .integer(finding.expected)), ("found", .integer(finding.found)),
        ]
    }

    package var json: JSONValue {
        .object([("ok", .bool(findings.isEmpty)), ("findings", .array(findings.map { .object(member($0)) }))])
    }

    package var jsonLines: [JSONValue] { findings.map { .object(member($0)) } }

    package var document: Document {
        let columns = [
            Column(Words("Finding", "내용"), key: "kind", isTruncatable: true), Column(Words("Day", "날짜"), key: "day"),
            Column(Words("Film", "영화 코드"), key: "code"), Column(Words("Title", "영화명"), key: "title", isTruncatable: true, dropOrder: 1),
            Column(Words("Expected", "예상"), key: "expected", alignment: .right),
            Column(Words("Found", "KOBIS 값"), key: "found", alignment: .right),
        ]
        let rows: [[Cell]] = findings.map { finding in
            [
                .text(Self.saying(finding)), .date(finding.day), .text(finding.code), .text(finding.title), .count(finding.expected),
                .count(finding.found),
            ]
        }
        guard !findings.isEmpty else {
            return Document([
                Document.Section([
                    .note(
                        bilingual(
                            "All holds: every running total chains, every day is settled, every film has its details.",
                            "모두 맞습니다: 누적이 모두 이어지고, 모든 날이 확정되었으며, 모든 영화에 상세 정보가 있습니다."))
                ])
            ])
        }
        return Document([Document.Section([.table(Table(columns: columns, rows: rows))])])
    }

    private static func saying(_ finding: ArchiveFinding) -> String {
        switch finding.kind {
        case .totalDoesNotChain:
            finding.measure == .sales
                ? bilingual("sales total does not chain", "누적매출액이 이어지지 않음") : bilingual("audience total does not chain", "누적관객수가 이어지지 않음")
        case .unsettledDay: bilingual("fetched before it settled", "확정 전에 받은 날")
        case .filmWithoutDetails: bilingual("film without details", "상세 정보 없는 영화")
        }
    }
}

/// What `archive sql` prints: the statement's own columns and rows, values as SQLite holds them
/// (no thousands separator in a year or a code), rows as objects keyed by column in JSON (as
/// sqlite-utils and Datasette write them), the column names even when no row came.
package struct QueryOutput: Presentable {
    let result: QueryResult
    let rowLimit: Int

    package static let jsonSchema = JSONSchema.object([
        ("columns", .array(.string)), ("rows", .array(.dictionary(.anyOf([.string, .number, .constant(.null)])))), ("truncated", .boolean),
    ])

    package var json: JSONValue {
        .object([("columns", .array(result.columns.map { .string($0) })), ("rows", .array(jsonLines)), ("truncated", .bool(result.isTruncated))])
    }

    /// One object a row, named by the columns.
    package var jsonLines: [JSONValue] {
        result.rows.map { row in .object(zip(result.columns, row).map { ($0, Self.json($1)) }) }
    }

    /// Text longer than this may be cut at a terminal; numbers, dates and codes never are.
    static let longText = 24

    package var document: Document {
        let columns = result.columns.enumerated().map { index, name in
            let values = result.rows.map { $0.indices.contains(index) ? $0[index] : .null }
            let isNumeric = !values.isEmpty && values.allSatisfy { if case .text = $0 { false } else { true } }
            let isLong = values.contains { if case .text(let text) = $0 { text.count > Self.longText } else { false } }
            return Column(Words(verbatim: name), key: name, alignment: isNumeric ? .right : .left, isTruncatable: isLong)
        }
        let rows = result.rows.map { $0.map(Self.cell) }
        var blocks: [Document.Block] = [.table(Table(columns: columns, rows: rows))]
        if result.isTruncated {
            let shown = result.rows.count
            blocks.append(.note(bilingual("Only the first \(shown) rows are shown.", "처음 \(shown)행만 보여 줍니다.")))
        }
        return Document([Document.Section(blocks)])
    }

    static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .number(number)
        case .text(let text): .string(text)
        }
    }

    /// A value as SQLite holds it: digits without separators, a real as it reads back.
    static func cell(_ value: SQLValue) -> Cell {
        switch value {
        case .null: .text(nil)
        case .integer(let number): .literal(String(number))
        case .real(let number): .literal(NumberText.decimal(number))
        case .text(let text): .text(text)
        }
    }
}

/// The days of a period the archive lacks, said in JSON as `missingDays`.
package struct PeriodCoverage: Sendable {
    /// The days asked, up to yesterday: a year not over yet is its days so far.
    let period: ArchivePeriod
    let missing: [KSTDate]
    /// Days of the period fetched before KOBIS settled them: their figures may still change.
    var unsettled: [KSTDate] = []

    var json: [(String, JSONValue)] {
        switch period {
        case .days(let from, let to):
            [
                ("from", .date(from)), ("to", .date(to)), ("missingDays", .array(missing.map { .date($0) })),
                ("unsettledDays", .array(unsettled.map { .date($0) })),
            ]
        case .allTime: [("from", .null), ("to", .null), ("missingDays", .array([])), ("unsettledDays", .array(unsettled.map { .date($0) }))]
        }
    }

    /// The period as each JSON line carries it, as a chart's lines carry their days.
    var lineMembers: [(String, JSONValue)] { Array(json.prefix(2)) }

    /// What a table says under it of the figures: the days missing, the days still provisional.
    var notes: [Document.Block] {
        var notes: [Document.Block] = []
        if !missing.isEmpty { notes.append(.note(Self.saying(missing))) }
        if !unsettled.isEmpty {
            let listed = Self.listing(unsettled, showing: 3)
            notes.append(
                .note(
                    bilingual(
                        "Provisional: \(unsettled.count) day\(unsettled.count == 1 ? " was" : "s were") fetched before KOBIS settled \(unsettled.count == 1 ? "it" : "them") (\(listed.english)); the next sync fetches \(unsettled.count == 1 ? "it" : "them") again.",
                        "잠정 집계: KOBIS가 확정하기 전에 받은 날이 \(unsettled.count)일 있습니다(\(listed.korean)). 다음 동기화에서 다시 받습니다.")))
        }
        return notes
    }

    static let jsonSchema: [(String, JSONSchema)] = [
        ("from", .nullable(.date)), ("to", .nullable(.date)), ("missingDays", .array(.date)), ("unsettledDays", .array(.date)),
    ]

    /// `2023년 8월`, `2023년`, `2023년 8월 11일(금)~20일(일)`, `전체 기간`: what a Korean heading leads with.
    var koreanTitle: String {
        switch period {
        case .days(let from, let to): KoreanDate.period(from, to)
        case .allTime: "전체 기간"
        }
    }

    var title: String {
        switch period {
        case .days(let from, let to): from == to ? from.iso : bilingual("\(from.iso) to \(to.iso)", "\(from.iso)~\(to.iso)")
        case .allTime: bilingual("all time", "전체 기간")
        }
    }
}

/// What `top` prints.
package struct TopOutput: Presentable {
    let films: [TopFilm]
    let coverage: PeriodCoverage
    let measure: TopMeasure

    package static let jsonSchema = JSONSchema.object(
        PeriodCoverage.jsonSchema + [
            ("by", .choice(TopMeasure.allCases.map(\.rawValue))),
            (
                "films",
                .array(
                    .object([
                        ("rank", .integer), ("code", .string), ("title", .string), ("openDate", .nullable(.date)), ("total", .nullable(.integer)),
                        ("daysInTopTen", .integer), ("bestRank", .nullable(.integer)), ("distributor", .nullable(.string)),
                        ("firstDay", .nullable(.date)),
                        ("lastDay", .nullable(.date)), ("archivedDaysSum", .nullable(.integer)),
                    ]))
            ),
            ("counts", .choice(FigureBasis.allCases.map(\.rawValue))),
        ])

    private func member(_ film: TopFilm, rank: Int) -> [(String, JSONValue)] {
        [
            ("rank", .integer(rank)), ("code", .string(film.code)), ("title", .string(film.title)), ("openDate", .date(film.openDate)),
            ("total", .integer(film.total)), ("daysInTopTen", .integer(film.daysInTopTen)), ("bestRank", .integer(film.bestRank)),
            ("distributor", .string(film.distributor)), ("firstDay", .date(film.firstDay)), ("lastDay", .date(film.lastDay)),
            ("archivedDaysSum", .integer(film.archivedDaysSum)),
        ]
    }

    package var json: JSONValue {
        .object(
            coverage.json + [
                ("by", .string(measure.rawValue)),
                ("films", .array(films.enumerated().map { .object(member($1, rank: $0 + 1)) })),
                ("counts", .string(FigureBasis(coverage.period).rawValue)),
            ])
    }

    package var jsonLines: [JSONValue] {
        films.enumerated().map { .object(coverage.lineMembers + member($1, rank: $0 + 1)) }
    }

    package var document: Document {
        let figure = measure == .audience ? Words("Audience", "관객수") : Words("Sales", "매출액")
        let columns = [
            Column(Words("#", "순위"), key: "rank", alignment: .right), Column(Words("Title", "영화명"), key: "title", isTruncatable: true),
            Column.machine("code"),
            Column(Words("Opened", "개봉일"), key: "open_date", dropOrder: 3), Column(figure, key: "total", alignment: .right),
            Column(Words("Days in top 10", "10위권 일수"), key: "days_in_top_ten", alignment: .right, dropOrder: 2),
            Column(Words("Best", "최고 순위"), key: "best_rank", alignment: .right, dropOrder: 1),
            Column(Words("Distributor", "배급사"), key: "distributor", isTruncatable: true, dropOrder: 4),
        ]
        let rows: [[Cell]] = films.enumerated().map { index, film in
            [
                .count(index + 1), .film(film.title, code: film.code), .text(film.code), .date(film.openDate), .count(film.total),
                .count(film.daysInTopTen),
                .count(film.bestRank), .text(film.distributor),
            ]
        }
        let basis = FigureBasis(coverage.period).saying(measure == .audience ? .audience : .sales)
        let heading = bilingual("Top films, \(coverage.title)", "\(coverage.koreanTitle) 흥행 순위")
        var blocks: [Document.Block] = [.heading(heading, inMarkdown: true), .table(Table(columns: columns, rows: rows))]
        if films.isEmpty {
            blocks.append(.note(bilingual("No film of the archived days counts for this period.", "이 기간의 보관된 날에 드는 영화가 없습니다.")))
        }
        blocks.append(.note(basis))
        blocks += coverage.notes
        return Document([Document.Section(blocks)])
    }
}

/// What `share` prints.
package struct ShareOutput: Presentable {
    let groups: [ShareGroup]
    let coverage: PeriodCoverage
    let grouping: ShareGrouping

    // The archive checked that the groups' totals fit; groups made some other way that do not
    // get no shares rather than a trap.
    private var audience: Int64 { ShareGroup.totals(groups)?.audience ?? 0 }
    private var sales: Int64 { ShareGroup.totals(groups)?.sales ?? 0 }

    package static let jsonSchema = JSONSchema.object(
        PeriodCoverage.jsonSchema + [
            ("by", .choice(ShareGrouping.allCases.map(\.rawValue))),
            (
                "groups",
                .array(
                    .object([
                        ("name", .nullable(.string)), ("audience", .integer), ("audienceShare", .number), ("sales", .integer),
                        ("salesShare", .number),
                        ("films", .integer),
                    ]))
            ),
            ("counts", .choice(FigureBasis.allCases.map(\.rawValue))),
        ])

    private static func percent(_ part: Int64, of whole: Int64) -> Double {
        whole > 0 ? (Double(part) * 1_000 / Double(whole)).rounded() / 10 : 0
    }

    private func member(_ group: ShareGroup) -> [(String, JSONValue)] {
        [
            ("name", .string(group.name)), ("audience", .integer(group.audience)),
            ("audienceShare", .number(Self.percent(group.audience, of: audience))), ("sales", .integer(group.sales)),
            ("salesShare", .number(Self.percent(group.sales, of: sales))), ("films", .integer(group.films)),
        ]
    }

    package var json: JSONValue {
        .object(
            coverage.json + [
                ("by", .string(grouping.rawValue)), ("groups", .array(groups.map { .object(member($0)) })),
                ("counts", .string(FigureBasis(coverage.period).rawValue)),
            ])
    }

    package var jsonLines: [JSONValue] { groups.map { .object(coverage.lineMembers + member($0)) } }

    package var document: Document {
        let columns = [
            Column(Words(grouping.rawValue.capitalized, grouping.koreanName), key: "name", isTruncatable: true),
            Column(Words("Audience", "관객수"), key: "audience", alignment: .right),
            Column(Words("Share", "관객 점유율"), key: "audience_share", alignment: .right),
            Column(Words("Sales", "매출액"), key: "sales", alignment: .right, dropOrder: 2),
            Column(Words("Sales share", "매출액 점유율"), key: "sales_share", alignment: .right, dropOrder: 1),
            Column(Words("Films", "영화 수"), key: "films", alignment: .right, dropOrder: 3),
        ]
        let rows: [[Cell]] = groups.map { group in
            [
                .text(group.name.map { $0.isEmpty ? bilingual("(none named)", "(없음)") : $0 } ?? bilingual("(details not archived)", "(상세 정보 없음)")),
                .count(group.audience),
                .percentage(Self.percent(group.audience, of: audience)), .count(group.sales), .percentage(Self.percent(group.sales, of: sales)),
                .count(group.films),
            ]
        }
        var blocks: [Document.Block] = [
            .heading(
                bilingual("Share by \(grouping.rawValue), \(coverage.title)", "\(coverage.koreanTitle) \(grouping.koreanName)별 점유율"), inMarkdown: true
            ),
            .table(Table(columns: columns, rows: rows)),
            .note(FigureBasis(coverage.period).saying(.both)),
        ]
        blocks += coverage.notes
        return Document([Document.Section(blocks)])
    }
}

package extension PeriodCoverage {
    /// The archive holds no day of the period (or, for all time, none at all): the sync that
    /// fills it, and what it costs.
    static func sayingEmpty(_ days: (from: KSTDate, to: KSTDate)?, caller: Caller) -> String {
        let isTool = caller.isTool
        guard let (from, to) = days else {
            let sync = isTool ? "archive_sync" : "'boxoffice archive sync'"
            return bilingual(
                "The archive holds no day yet; \(sync) fills it, one KOBIS call a day.",
                "아카이브에 아직 하루치도 없습니다. \(sync, particle: .direction) 채우세요(하루에 KOBIS 호출 1회).")
        }
        let count = to.days(since: from) + 1
        // A model is told the tool and its arguments, a shell the command line.
        let (english, korean) =
            isTool
            ? ("archive_sync with from \(from.iso) and to \(to.iso)", "archive_sync(from \(from.iso), to \(to.iso))")
            : ("'boxoffice archive sync --from \(from.iso) --to \(to.iso)'", "'boxoffice archive sync --from \(from.iso) --to \(to.iso)'")
        return bilingual(
            "The archive holds no day of \(from.iso) to \(to.iso); \(english) fills it for \(NumberText.grouped(count)) KOBIS call\(count == 1 ? "" : "s") and one for each film new to the archive.",
            "아카이브에 \(from.iso)~\(to.iso) 기간의 날이 하나도 없습니다. \(korean, particle: .direction) 채우세요. KOBIS 호출 \(NumberText.grouped(count))회와 아카이브에 처음 드는 영화마다 1회가 듭니다."
        )
    }

    /// `2023-08-01, 2023-08-02 and 23 more` (`… 외 23일`): the first `count` days, and how many more.
    static func listing(_ days: [KSTDate], showing count: Int) -> Words {
        let shown = days.prefix(count).map(\.iso).joined(separator: ", ")
        let more = days.count - min(days.count, count)
        return more == 0 ? Words(verbatim: shown) : Words("\(shown) and \(more) more", "\(shown) 외 \(more)일")
    }

    /// "The archive lacks 3 days of the period: 2023-08-01, …": what a reader must know of a figure.
    static func saying(_ missing: [KSTDate]) -> String {
        let listed = listing(missing, showing: 5)
        return bilingual(
            "The archive lacks \(missing.count) day\(missing.count == 1 ? "" : "s") of the period (\(listed.english)); run 'boxoffice archive sync' for them.",
            "아카이브에 이 기간의 \(missing.count)일이 빠져 있습니다(\(listed.korean)). 'boxoffice archive sync'로 받으세요."
        )
    }
}

/// What an archive figure counts, as `counts` in JSON names it and a note under a table says it.
package enum FigureBasis: String, CaseIterable {
    /// A period: each film from its first to its last archived day in it, by KOBIS's running totals.
    case runningTotals
    /// All time: each film's latest running total, everything since its opening.
    case latestRunningTotal

    init(_ period: ArchivePeriod) {
        self = period == .allTime ? .latestRunningTotal : .runningTotals
    }

    package enum Measure { case audience, sales, both }

    func saying(_ measure: Measure) -> String {
        let (english, korean) =
            switch measure {
            case .audience: ("audience", "관객수")
            case .sales: ("sales", "매출액")
            case .both: ("audience and sales", "관객수와 매출액")
            }
        return switch self {
        case .runningTotals:
            bilingual(
                "Each film's \(english) by KOBIS's running totals, from its first to its last day in the archived charts of the period, days outside the top ten between them included; days before its first and after its last charted day are not counted.",
                "영화마다 기간 안에서 아카이브 박스오피스에 처음 든 날부터 마지막 날까지의 \(korean)(KOBIS 누적 기준, 그 사이 10위 밖의 날 포함). 처음 든 날 앞과 마지막 날 뒤는 세지 않습니다."
            )
        case .latestRunningTotal:
            bilingual(
                "Each film's \(english) since its opening: its latest running total in the archive (KOBIS's audience_total and sales_total).",
                "영화마다 개봉 이후 \(korean): 아카이브에 있는 가장 최근의 누적(KOBIS의 audience_total·sales_total).")
        }
    }
}
