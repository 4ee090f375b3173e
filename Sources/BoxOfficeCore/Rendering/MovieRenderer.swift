/// Renders a movie's details: a card for people, JSON and one-row CSV/TSV for scripts.
public enum MovieRenderer {
    /// The CSV/TSV header; lists are joined with "; ".
    public static let columns = [
        "code", "title", "title_english", "title_original", "production_year", "open_date", "runtime_minutes",
        "status", "type", "nations", "genres", "directors", "actors", "distributors", "rating",
    ]
    /// How many actors the card lists before "and N more".
    static let mainActorCount = 8

    /// Renders the movie in a format.
    public static func render(_ movie: MovieDetails, format: OutputFormat, style: RenderStyle = RenderStyle()) -> String {
        switch format {
        case .json: json(movie).serialized() + "\n"
        case .jsonl: json(movie).serialized(compact: true) + "\n"
        case .csv, .tsv: DelimitedTextWriter.document(format, header: columns, rows: [row(movie)])
        case .markdown: MarkdownTableWriter.render(columns: [TableColumn("Field"), TableColumn("Value")], rows: fields(movie).map { [$0.0, $0.1] })
        case .table: card(movie, style: style)
        }
    }

    /// The JSON object, a contract that only grows.
    public static func json(_ movie: MovieDetails) -> JSONValue {
        .object([
            ("code", .string(movie.code)),
            ("title", .string(movie.title)),
            ("titleEnglish", .string(movie.titleEnglish)),
            ("titleOriginal", .string(movie.titleOriginal)),
            ("productionYear", .integer(movie.productionYear)),
            ("openDate", .date(movie.openDate)),
            ("runtimeMinutes", .integer(movie.runtimeMinutes)),
            ("status", .string(movie.status)),
            ("type", .string(movie.type)),
            ("nations", .array(movie.nations.map(JSONValue.string))),
            ("genres", .array(movie.genres.map(JSONValue.string))),
            ("directors", .array(movie.directors.map { .object([("name", .string($0.name)), ("nameEnglish", .string($0.nameEnglish))]) })),
            ("actors", .array(movie.actors.map {
                .object([("name", .string($0.name)), ("nameEnglish", .string($0.nameEnglish)), ("role", .string($0.role)), ("roleEnglish", .string($0.roleEnglish))])
            })),
            ("companies", .array(movie.companies.map {
                .object([("code", .string($0.code)), ("name", .string($0.name)), ("nameEnglish", .string($0.nameEnglish)), ("part", .string($0.part))])
            })),
            ("ratings", .array(movie.ratings.map { .object([("number", .string($0.number)), ("grade", .string($0.grade))]) })),
            ("staff", .array(movie.staff.map { .object([("name", .string($0.name)), ("nameEnglish", .string($0.nameEnglish)), ("role", .string($0.role))]) })),
            ("showTypes", .array(movie.showTypes.map { .object([("group", .string($0.group)), ("name", .string($0.name))]) })),
        ])
    }

    private static func row(_ movie: MovieDetails) -> [[DelimitedCell]].Element {
        [
            .text(movie.code), .text(movie.title), .text(movie.titleEnglish), .text(movie.titleOriginal),
            .number(movie.productionYear), .date(movie.openDate), .number(movie.runtimeMinutes), .text(movie.status), .text(movie.type),
            .list(movie.nations), .list(movie.genres), .list(movie.directors.compactMap(\.name)),
            .list(movie.actors.compactMap(\.name)), .list(movie.distributors.compactMap(\.name)),
            .text(movie.ratings.first?.grade),
        ]
    }

    /// Label and value of every line of the card, blank ones left out.
    static func fields(_ movie: MovieDetails) -> [(String, String)] {
        var fields: [(String, String?)] = [
            ("Title", movie.title),
            ("English title", movie.titleEnglish),
            ("Original title", movie.titleOriginal),
            ("Code", movie.code),
            ("Year", movie.productionYear.map(String.init)),
            ("Runtime", movie.runtimeMinutes.map { "\($0) min" }),
            ("Opened", movie.openDate?.iso),
            ("Status", movie.status),
            ("Type", movie.type),
            ("Nations", joined(movie.nations)),
            ("Genres", joined(movie.genres)),
            ("Directors", joined(movie.directors.compactMap { person($0.name, $0.nameEnglish) })),
        ]
        let actors = movie.actors.prefix(mainActorCount).compactMap { actor -> String? in
            guard let name = person(actor.name, actor.nameEnglish) else { return nil }
            return actor.role.map { "\(name) as \($0)" } ?? name
        }
        let more = movie.actors.count > mainActorCount ? " and \(movie.actors.count - mainActorCount) more" : ""
        fields.append(("Cast", actors.isEmpty ? nil : actors.joined(separator: ", ") + more))
        fields.append(("Rating", joined(movie.ratings.compactMap(\.grade))))
        fields.append(("Distributor", joined(movie.distributors.compactMap(\.name))))
        return fields.compactMap { label, value in value.map { (label, $0) } }
    }

    private static func card(_ movie: MovieDetails, style: RenderStyle) -> String {
        let rows = fields(movie)
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let valueWidth = style.terminalWidth.map { max($0 - labelWidth - 2, 10) }
        return rows.map { label, value in
            let cleanValue = TerminalText.sanitize(value)
            let shown = valueWidth.map { DisplayWidth.truncate(cleanValue, toWidth: $0) } ?? cleanValue
            let paddedLabel = DisplayWidth.pad(label, toWidth: labelWidth, alignment: .left)
            let styledLabel = style.usesColor ? "\u{1B}[1m\(paddedLabel)\u{1B}[0m" : paddedLabel
            return "\(styledLabel)  \(shown)\n"
        }.joined()
    }

    private static func person(_ name: String?, _ english: String?) -> String? {
        guard let name else { return english }
        return english.map { "\(name) (\($0))" } ?? name
    }

    private static func joined(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
