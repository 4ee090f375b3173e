import BoxOfficeCore
/// One chart, or several (a date range) as one output. With `withPosters`, every movie gets a
/// poster field, empty where none was found.
package struct ChartsOutput: Presentable {
    /// The charts in their date order, each missing chart (`--keep-going`) in its place with the
    /// line that says why: marked in JSON and JSON Lines, noted for people, absent from CSV and TSV.
    package let parts: [Part]
    /// Whether a range was asked for: JSON is then an array even of one chart.
    package let asRange: Bool
    /// Whether posters were looked up.
    package let withPosters: Bool

    /// Creates the output of charts in date order and the missing charts of a range, each put
    /// before the first chart that starts after it.
    package init(
        _ charts: [BoxOfficeChart], asRange: Bool = false, withPosters: Bool = false, missing: [(chart: MissingChart, reason: String)] = []
    ) {
        var parts = charts.map(Part.chart)
        for missing in missing {
            parts.insert(.missing(missing), at: parts.firstIndex { $0.startDate > missing.chart.startDate } ?? parts.endIndex)
        }
        self.init(parts: parts, asRange: asRange, withPosters: withPosters)
    }

    /// Creates the output of parts already in date order.
    package init(parts: [Part], asRange: Bool = false, withPosters: Bool = false) {
        self.parts = parts
        self.asRange = asRange
        self.withPosters = withPosters
    }

    /// A chart of the output, or the place of one that is missing.
    package enum Part: Sendable {
        /// A chart that arrived.
        case chart(BoxOfficeChart)
        /// A chart that did not, with the line that says why.
        case missing((chart: MissingChart, reason: String))

        var startDate: KSTDate {
            switch self {
            case .chart(let chart): chart.startDate
            case .missing(let missing): missing.chart.startDate
            }
        }
    }

    /// `{"kind", "startDate", "endDate", "missing": true, "error"}`: where a range's chart would be.
    private static func json(_ missing: (chart: MissingChart, reason: String)) -> JSONValue {
        .object([
            ("kind", .string(missing.chart.kind.name)), ("startDate", .string(missing.chart.startDate.iso)),
            ("endDate", .string(missing.chart.endDate.iso)), ("missing", .bool(true)), ("error", .string(missing.reason)),
        ])
    }

    /// The JSON of a range's missing chart of one of these kinds, as `json(_:)` writes it.
    static func missingSchema(kinds: [String]) -> JSONSchema {
        .object([
            ("kind", .choice(kinds)), ("startDate", .date), ("endDate", .date), ("missing", .constant(.bool(true))), ("error", .string),
        ])
    }

    /// A chart's object, or a range's array of charts and missing charts.
    package static let jsonSchema: JSONSchema = jsonSchema(kinds: BoxOfficeChart.kinds)

    /// The same, for charts of these kinds only.
    package static func jsonSchema(kinds: [String]) -> JSONSchema {
        let chart = BoxOfficeChart.jsonSchema(kinds: kinds)
        return .anyOf([chart, .array(.anyOf([chart, missingSchema(kinds: kinds)]))])
    }

    static let posterColumn = "poster_url"

    /// A JSON object per chart, an array of them for a range.
    package var json: JSONValue {
        let documents = parts.map { Self.json($0, withPosters: withPosters) }
        return asRange ? .array(documents) : documents.first ?? .null
    }

    /// The JSON object of a chart, or of the place of a missing one.
    package static func json(_ part: Part, withPosters: Bool) -> JSONValue {
        switch part {
        case .chart(let chart): json(chart, withPosters: withPosters)
        case .missing(let missing): json(missing)
        }
    }

    /// The chart members a JSONL line repeats before each movie's own.
    private static let lineContext: Set<String> = ["kind", "startDate", "endDate", "yearWeek"]

    /// One movie a line, each with its chart's kind and days, so a range is one stream of records.
    /// A missing chart is one line of its own, as in JSON.
    package var jsonLines: [JSONValue] {
        parts.flatMap { part -> [JSONValue] in
            switch part {
            case .missing(let missing):
                return [Self.json(missing)]
            case .chart(let chart):
                let document = Self.json(chart, withPosters: withPosters)
                let context = document.members.filter { Self.lineContext.contains($0.0) }
                return document.elements(of: "movies").map { JSONValue.object(context + $0.members) }
            }
        }
    }

    /// A section per chart: its heading and its table, or a note when it has no movies or is missing.
    package var document: Document {
        Document(
            parts.map { part in
                switch part {
                case .missing(let missing):
                    let heading = Self.baseTitle(missing.chart.kind, from: missing.chart.startDate, to: missing.chart.endDate)
                    return Document.Section([
                        .heading(heading, inMarkdown: true), .note(bilingual("Missing: \(missing.reason)", "빠짐: \(missing.reason)")),
                    ])
                case .chart(let chart):
                    var blocks: [Document.Block] = [.heading(Self.title(of: chart), inMarkdown: true), .table(table(chart))]
                    if chart.entries.isEmpty { blocks.append(.note(bilingual("No movies in this chart.", "이 박스오피스에는 영화가 없습니다."))) }
                    return Document.Section(blocks)
                }
            })
    }

    /// The JSON object of one chart: the chart's own encoding, and with `withPosters` a
    /// `posterURL` on every movie, `null` where none was found.
    package static func json(_ chart: BoxOfficeChart, withPosters: Bool = false) -> JSONValue {
        let document = JSONValue(encoding: chart)
        guard withPosters else { return document }
        let movies = document.elements(of: "movies").map { movie in
            movie.members.contains { $0.0 == posterMember } ? movie : .object(movie.members + [(posterMember, .null)])
        }
        return .object(document.members.map { $0.0 == "movies" ? ($0.0, .array(movies)) : $0 })
    }

    private static let posterMember = "posterURL"

    /// `Korean films, independent, 부산`, or nil without a filter.
    static func describe(_ filter: ChartFilter) -> String? {
        let parts = [
            filter.nation.map { $0 == .korean ? bilingual("Korean films", "한국영화") : bilingual("foreign films", "외국영화") },
            filter.movieType.map { $0 == .independent ? bilingual("independent", "다양성영화") : bilingual("commercial", "상업영화") },
            filter.region.map(\.koreanName),
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func title(of chart: BoxOfficeChart) -> String {
        let base = baseTitle(chart.kind, from: chart.startDate, to: chart.endDate)
        return describe(chart.filter).map { "\(base) (\($0))" } ?? base
    }

    private static func baseTitle(_ kind: ChartKind, from startDate: KSTDate, to endDate: KSTDate) -> String {
        // Korean headings put the days first, as the press does: 2023년 8월 11일(금)~13일(일) 주말 박스오피스.
        let days = KoreanDate.range(startDate, endDate)
        return switch kind {
        case .daily: bilingual("Daily box office, \(startDate.iso)", "\(days) 일별 박스오피스")
        case .weekly(.week): bilingual("Weekly box office, \(startDate.iso) to \(endDate.iso) (Mon–Sun)", "\(days) 주간 박스오피스")
        case .weekly(.weekend): bilingual("Weekend box office, \(startDate.iso) to \(endDate.iso) (Fri–Sun)", "\(days) 주말 박스오피스")
        case .weekly(.weekdays): bilingual("Weekday box office, \(startDate.iso) to \(endDate.iso) (Mon–Thu)", "\(days) 주중 박스오피스")
        }
    }

    private func table(_ chart: BoxOfficeChart) -> Table {
        var columns = [
            Column.machine("start_date"), Column.machine("end_date"), Column(Words("#", "순위"), key: "rank", alignment: .right),
            Column(Words("Change", "증감"), key: "rank_change", alignment: .right, dropOrder: 5), Column.machine("is_new"), Column.machine("code"),
            Column(Words("Title", "영화명"), key: "title", isTruncatable: true), Column(Words("Opened", "개봉일"), key: "open_date", dropOrder: 1),
            Column(Words("Audience", "관객수"), key: "audience", alignment: .right), Column.machine("audience_change"),
            // The cumulative audience is what people look for: it goes after Screens and Share.
            Column(Words("Total", "누적관객수"), key: "audience_total", alignment: .right, dropOrder: 4), Column.machine("sales"),
            Column(Words("Share", "매출액 점유율"), key: "sales_share", alignment: .right, dropOrder: 3), Column.machine("sales_total"),
            Column(Words("Screens", "스크린수"), key: "screens", alignment: .right, dropOrder: 2), Column.machine("shows"),
        ]
        // Added after every older column, so scripts reading by position keep working; the poster,
        // which only --posters adds, comes last so that it moves no other column.
        columns += [Column.machine("audience_change_rate"), Column.machine("sales_change"), Column.machine("sales_change_rate")]
        if chart.kind != .daily { columns.append(Column.machine("year_week")) }
        if withPosters { columns.append(Column(Words("Poster", "포스터"), key: Self.posterColumn, keepsWhole: true)) }
        let rows = chart.entries.map { entry in
            var row: [Cell] = [
                .date(chart.startDate), .date(chart.endDate), .count(entry.rank), .rankChange(entry.rankChange, intensity: entry.rankIntensity),
                .flag(entry.isNew), .text(entry.code), .film(entry.title, code: entry.code), .date(entry.openDate), .count(entry.audience),
                .decimal(entry.audienceChange), .count(entry.audienceTotal), .count(entry.sales), .percentage(entry.salesShare),
                .count(entry.salesTotal), .count(entry.screens), .count(entry.shows),
            ]
            row += [.percentage(entry.audienceChangeRate), .decimal(entry.salesChange), .percentage(entry.salesChangeRate)]
            if chart.kind != .daily { row.append(.text(chart.yearWeek)) }
            if withPosters { row.append(.text(entry.posterURL)) }
            return row
        }
        return Table(columns: columns, rows: rows)
    }
}
