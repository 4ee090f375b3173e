/// Renders charts in every output format; a range of charts renders as one document.
public enum ChartRenderer {
    /// The CSV/TSV header, a contract that only grows.
    public static let columns = [
        "start_date", "end_date", "rank", "rank_change", "is_new", "code", "title", "open_date",
        "audience", "audience_change", "audience_total", "sales", "sales_share", "sales_total", "screens", "shows",
    ]
    static let posterColumn = "poster_url"

    /// Renders one chart, or several (a date range) as one document.
    /// With `withPosters`, every movie gets a poster field, empty where none was found.
    public static func render(
        _ charts: [BoxOfficeChart], format: OutputFormat, style: RenderStyle = RenderStyle(), asRange: Bool = false, withPosters: Bool = false
    ) -> String {
        switch format {
        case .json:
            let documents = charts.map { json($0, withPosters: withPosters) }
            return (asRange ? JSONValue.array(documents) : documents.first ?? .null).serialized() + "\n"
        case .jsonl:
            return charts.map { json($0, withPosters: withPosters).serialized(compact: true) + "\n" }.joined()
        case .csv, .tsv:
            return DelimitedTextWriter.document(format, header: header(withPosters), rows: charts.flatMap { delimitedRows($0, withPosters) })
        case .markdown:
            return charts.map { markdown($0, withPosters) }.joined(separator: "\n")
        case .table:
            return charts.map { table($0, style: style, withPosters: withPosters) }.joined(separator: "\n")
        }
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

    private static func header(_ withPosters: Bool) -> [String] {
        withPosters ? columns + [posterColumn] : columns
    }

    private static func delimitedRows(_ chart: BoxOfficeChart, _ withPosters: Bool) -> [[DelimitedCell]] {
        chart.entries.map { entry in
            var row: [DelimitedCell] = [
                .number(chart.startDate.iso), .number(chart.endDate.iso), .number(String(entry.rank)),
                .number(String(entry.rankIntensity)), .number(entry.isNew ? "true" : "false"), .text(entry.code),
                .text(entry.title), .date(entry.openDate),
                .number(entry.audience), .number(entry.audienceChange), .number(entry.audienceTotal), .number(entry.sales),
                .number(entry.salesShare), .number(entry.salesTotal), .number(entry.screens), .number(entry.shows),
            ]
            if withPosters { row.append(.text(entry.posterURL)) }
            return row
        }
    }

    static func title(of chart: BoxOfficeChart) -> String {
        switch chart.kind {
        case .daily: "Daily box office, \(chart.startDate.iso)"
        case .week: "Weekly box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Mon–Sun)"
        case .weekend: "Weekend box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Fri–Sun)"
        case .weekdays: "Weekday box office, \(chart.startDate.iso) to \(chart.endDate.iso) (Mon–Thu)"
        }
    }

    private static let tableColumns = [
        TableColumn("#", alignment: .right),
        TableColumn("Change", alignment: .right),
        TableColumn("Title", isTruncatable: true),
        TableColumn("Opened"),
        TableColumn("Audience", alignment: .right),
        TableColumn("Total", alignment: .right),
        TableColumn("Share", alignment: .right),
        TableColumn("Screens", alignment: .right),
    ]

    private static func table(_ chart: BoxOfficeChart, style: RenderStyle, withPosters: Bool) -> String {
        let columns = withPosters ? tableColumns + [TableColumn("Poster", isTruncatable: true)] : tableColumns
        let renderer = TableRenderer(columns: columns, maxWidth: style.terminalWidth, usesColor: style.usesColor)
        let rows = chart.entries.map { entry in
            var row: [TableCell] = [
                TableCell(String(entry.rank)),
                changeCell(entry.rankChange),
                TableCell(entry.title),
                TableCell(entry.openDate?.iso ?? "-"),
                TableCell(grouped(entry.audience)),
                TableCell(grouped(entry.audienceTotal)),
                TableCell(entry.salesShare.map { NumberText.decimal($0) + "%" } ?? "-"),
                TableCell(grouped(entry.screens.map(Int64.init))),
            ]
            if withPosters { row.append(TableCell(entry.posterURL ?? "-")) }
            return row
        }
        return title(of: chart) + "\n" + renderer.render(rows)
    }

    private static func changeCell(_ change: RankChange) -> TableCell {
        switch change {
        case .up: TableCell(change.marker, style: .red)
        case .down: TableCell(change.marker, style: .blue)
        case .same: TableCell(change.marker)
        case .new: TableCell(change.marker, style: .bold)
        }
    }

    static func grouped(_ value: Int64?) -> String {
        value.map(NumberText.grouped) ?? "-"
    }

    private static func markdown(_ chart: BoxOfficeChart, _ withPosters: Bool) -> String {
        let columns = withPosters ? tableColumns + [TableColumn("Poster")] : tableColumns
        let rows = chart.entries.map { entry in
            var row = [
                String(entry.rank), entry.rankChange.marker, entry.title, entry.openDate?.iso ?? "-",
                grouped(entry.audience), grouped(entry.audienceTotal),
                entry.salesShare.map { NumberText.decimal($0) + "%" } ?? "-", grouped(entry.screens.map(Int64.init)),
            ]
            if withPosters { row.append(entry.posterURL ?? "-") }
            return row
        }
        return "### \(title(of: chart))\n\n" + MarkdownTableWriter.render(columns: columns, rows: rows)
    }
}
