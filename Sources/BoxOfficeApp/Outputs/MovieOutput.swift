import BoxOfficeCore
/// A movie's details: a card for people, JSON and one-row CSV/TSV for scripts.
package struct MovieOutput: Presentable {
    /// The movie.
    package let movie: MovieDetails

    /// Creates the output.
    package init(_ movie: MovieDetails) {
        self.movie = movie
    }

    /// A card for people, a row for CSV and TSV.
    package var document: Document {
        let columns = Self.columns.map(Column.machine)
        return Document([
            Document.Section([
                .card(labelled: Self.fields(movie)), .table(Table(columns: columns, rows: [Self.row(movie)])),
            ])
        ])
    }

    /// The movie's own schema.
    package static let jsonSchema = MovieDetails.jsonSchema

    /// The movie's JSON contract.
    package var json: JSONValue { Self.json(movie) }

    /// The CSV/TSV header; lists are joined with "; ".
    package static let columns = [
        "code", "title", "title_english", "title_original", "production_year", "open_date", "runtime_minutes",
        "status", "type", "nations", "genres", "directors", "actors", "distributors", "rating",
    ]
    /// How many actors the card lists before "and N more".
    static let mainActorCount = 8

    /// The JSON object of a movie: its own encoding.
    package static func json(_ movie: MovieDetails) -> JSONValue { JSONValue(encoding: movie) }

    private static func row(_ movie: MovieDetails) -> [Cell] {
        [
            .text(movie.code), .text(movie.title), .text(movie.titleEnglish), .text(movie.titleOriginal),
            .count(movie.productionYear), .date(movie.openDate), .count(movie.runtimeMinutes), .text(movie.status), .text(movie.type),
            .list(movie.nations), .list(movie.genres), .list(movie.directors.compactMap(\.name)),
            .list(movie.actors.compactMap(\.name)), .list(movie.distributors.compactMap(\.name)),
            .text(movie.ratings.first?.grade),
        ]
    }

    /// Label and value of every line of the card, blank ones left out.
    static func fields(_ movie: MovieDetails) -> [(label: String, value: String)] {
        var fields: [(String, String?)] = [
            ("Title", movie.title),
            ("English title", movie.titleEnglish),
            ("Original title", movie.titleOriginal),
            (bilingual("Code", "영화 코드"), movie.code),
            ("Produced", movie.productionYear.map(String.init)),
            ("Runtime", movie.runtimeMinutes.map { minutes in bilingual("\(minutes) min", "\(minutes)분") }),
            ("Opened", movie.openDate?.iso),
            ("Status", movie.status),
            (bilingual("Type", "영화유형"), movie.type),
            (bilingual("Nations", "제작국가"), joined(movie.nations)),
            ("Genres", joined(movie.genres)),
            ("Directors", joined(movie.directors.compactMap { person($0.name, $0.nameEnglish) })),
        ]
        let actors = movie.actors.prefix(mainActorCount).compactMap { actor -> String? in
            guard let name = person(actor.name, actor.nameEnglish) else { return nil }
            return actor.role.map { role in bilingual("\(name) as \(role)", "\(name) (\(role) 역)") } ?? name
        }
        let more = movie.actors.count > mainActorCount ? " and \(movie.actors.count - mainActorCount) more" : ""
        fields.append(("Cast", actors.isEmpty ? nil : actors.joined(separator: ", ") + more))
        fields.append(("Rating", joined(movie.ratings.compactMap(\.grade))))
        fields.append(("Distributor", joined(movie.distributors.compactMap(\.name))))
        return fields.compactMap { label, value in value.map { (label, $0) } }
    }

    private static func person(_ name: String?, _ english: String?) -> String? {
        guard let name else { return english }
        return english.map { "\(name) (\($0))" } ?? name
    }

    private static func joined(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
