/// One chart, or several (a date range) as one output. With `withPosters`, every movie gets a
/// poster field, empty where none was found.
public struct ChartsOutput: Presentable {
    /// The charts, in date order.
    public let charts: [BoxOfficeChart]
    /// Whether a range was asked for: JSON is then an array even of one chart.
    public let asRange: Bool
    /// Whether posters were looked up.
    public let withPosters: Bool

    /// Creates the output.
    public init(_ charts: [BoxOfficeChart], asRange: Bool = false, withPosters: Bool = false) {
        self.charts = charts
        self.asRange = asRange
        self.withPosters = withPosters
    }

    static let posterColumn = "poster_url"

    /// A JSON object per chart, an array of them for a range.
    public var json: JSONValue {
        let documents = charts.map { Self.json($0, withPosters: withPosters) }
        return asRange ? .array(documents) : documents.first ?? .null
    }

    /// One chart a line.
    public var jsonLines: [JSONValue] {
        charts.map { Self.json($0, withPosters: withPosters) }
    }

    /// A section per chart: its heading and its table.
    public var document: Document {
        Document(charts.map { chart in
            Document.Section([.heading(Self.title(of: chart), inMarkdown: true), .table(table(chart))])
        })
    }

    /// The JSON object of one chart.
    public static func json(_ chart: BoxOfficeChart, withPosters: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(chart.kind.rawValue)),
            ("startDate", .date(chart.startDate)),
            ("endDate", .date(chart.endDate)),
        ]
        if chart.kind != .daily { members.append(("yearWeek", .string(chart.yearWeek))) }
        members.append(("movies", .array(chart.entries.map { json($0, withPosters: withPosters) })))
        return .object(members)
    }

    static func json(_ entry: ChartEntry, withPosters: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rank", .integer(entry.rank)),
            ("rankChange", .integer(entry.rankIntensity)),
            ("isNew", .bool(entry.isNew)),
            ("code", .string(entry.code)),
            ("title", .string(entry.title)),
            ("openDate", .date(entry.openDate)),
            ("audience", .integer(entry.audience)),
            ("audienceChange", .number(entry.audienceChange)),
            ("audienceChangeRate", .number(entry.audienceChangeRate)),
            ("audienceTotal", .integer(entry.audienceTotal)),
            ("sales", .integer(entry.sales)),
            ("salesShare", .number(entry.salesShare)),
            ("salesChange", .number(entry.salesChange)),
            ("salesChangeRate", .number(entry.salesChangeRate)),
            ("salesTotal", .integer(entry.salesTotal)),
            ("screens", .integer(entry.screens)),
            ("shows", .integer(entry.shows)),
        ]
        if withPosters || entry.posterURL != nil { members.append(("posterURL", .string(entry.posterURL))) }
        return .object(members)
    }

    static func title(of chart: BoxOfficeChart) -> String {
        switch chart.kind {
        case .daily: "Daily box office, \(chart.startDate.iso)"
        case .week: "Weekly box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Mon–Sun)"
        case .weekend: "Weekend box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Fri–Sun)"
        case .weekdays: "Weekday box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Mon–Thu)"
        }
    }

    private func table(_ chart: BoxOfficeChart) -> Table {
        var columns = [
            Column.machine("start_date"), Column.machine("end_date"), Column("#", key: "rank", alignment: .right),
            Column("Change", key: "rank_change", alignment: .right), Column.machine("is_new"), Column.machine("code"),
            Column("Title", key: "title", isTruncatable: true), Column("Opened", key: "open_date"),
            Column("Audience", key: "audience", alignment: .right), Column.machine("audience_change"),
            Column("Total", key: "audience_total", alignment: .right), Column.machine("sales"),
            Column("Share", key: "sales_share", alignment: .right), Column.machine("sales_total"),
            Column("Screens", key: "screens", alignment: .right), Column.machine("shows"),
        ]
        if withPosters { columns.append(Column("Poster", key: Self.posterColumn, isTruncatable: true)) }
        let rows = chart.entries.map { entry in
            var row: [Cell] = [
                .date(chart.startDate), .date(chart.endDate), .count(entry.rank), .rankChange(entry.rankChange, intensity: entry.rankIntensity),
                .flag(entry.isNew), .text(entry.code), .text(entry.title), .date(entry.openDate), .count(entry.audience),
                .decimal(entry.audienceChange), .count(entry.audienceTotal), .count(entry.sales), .percentage(entry.salesShare),
                .count(entry.salesTotal), .count(entry.screens), .count(entry.shows),
            ]
            if withPosters { row.append(.text(entry.posterURL)) }
            return row
        }
        return Table(columns: columns, rows: rows)
    }
}
