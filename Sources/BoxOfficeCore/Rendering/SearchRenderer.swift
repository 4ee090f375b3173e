/// Renders KOBIS movie-list matches.
public enum SearchRenderer {
    /// The CSV/TSV header.
    public static let columns = ["code", "title", "title_english", "production_year", "open_date", "type", "status", "nations", "genres", "directors"]

    /// Renders a page of matches; no match is an empty list, not an error.
    public static func render(_ result: MovieSearchResult, format: OutputFormat, style: RenderStyle = RenderStyle()) -> String {
        switch format {
        case .json, .jsonl:
            let object = JSONValue.object([
                ("totalCount", .integer(result.totalCount)),
                ("movies", .array(result.movies.map { movie in
                    .object([
                        ("code", .string(movie.code)), ("title", .string(movie.title)), ("titleEnglish", .string(movie.titleEnglish)),
                        ("productionYear", .integer(movie.productionYear)), ("openDate", .date(movie.openDate)),
                        ("type", .string(movie.type)), ("status", .string(movie.status)), ("nations", .array(movie.nations.map(JSONValue.string))),
                        ("genres", .array(movie.genres.map(JSONValue.string))), ("directors", .array(movie.directors.map(JSONValue.string))),
                    ])
                })),
            ])
            return object.serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            let rows: [[DelimitedCell]] = result.movies.map { movie in
                [.text(movie.code), .text(movie.title), .text(movie.titleEnglish), .number(movie.productionYear),
                 .date(movie.openDate), .text(movie.type), .text(movie.status), .list(movie.nations),
                 .list(movie.genres), .list(movie.directors)]
            }
            return DelimitedTextWriter.document(format, header: columns, rows: rows)
        case .markdown:
            return MarkdownTableWriter.render(columns: tableColumns, rows: result.movies.map(cells))
        case .table:
            let renderer = TableRenderer(columns: tableColumns, maxWidth: style.terminalWidth, usesColor: style.usesColor)
            let footer = "\(result.movies.count) of \(result.totalCount) matches\n"
            return renderer.render(result.movies.map { cells($0).map { TableCell($0) } }) + footer
        }
    }

    private static let tableColumns = [
        TableColumn("Code"), TableColumn("Title", isTruncatable: true), TableColumn("English title", isTruncatable: true),
        TableColumn("Year", alignment: .right), TableColumn("Opened"), TableColumn("Directors", isTruncatable: true),
    ]

    private static func cells(_ movie: MovieSummary) -> [String] {
        [movie.code, movie.title, movie.titleEnglish ?? "-", movie.productionYear.map(String.init) ?? "-", movie.openDate?.iso ?? "-",
         movie.directors.isEmpty ? "-" : movie.directors.joined(separator: ", ")]
    }
}
