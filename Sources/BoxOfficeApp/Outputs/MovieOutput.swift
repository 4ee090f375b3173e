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
    static func fields(_ movie: MovieDetails) -> [(label: Words, value: String)] {
        var fields: [(Words, String?)] = [
            (Words("Title", "영화명"), movie.title),
            (Words("English title", "영문 제목"), movie.titleEnglish),
            (Words("Original title", "원제"), movie.titleOriginal),
            (Words("Code", "영화 코드"), movie.code),
            (Words("Produced", "제작연도"), movie.productionYear.map(String.init)),
            (Words("Runtime", "상영시간"), movie.runtimeMinutes.map { minutes in bilingual("\(minutes) min", "\(minutes)분") }),
            (Words("Opened", "개봉일"), movie.openDate?.iso),
            (Words("Status", "제작상태"), movie.status),
            (Words("Type", "영화유형"), movie.type),
            (Words("Nations", "제작국가"), joined(movie.nations)),
            (Words("Genres", "장르"), joined(movie.genres)),
            (Words("Directors", "감독"), joined(movie.directors.compactMap { person($0.name, $0.nameEnglish) })),
        ]
        let actors = movie.actors.prefix(mainActorCount).compactMap { actor -> String? in
            guard let name = person(actor.name, actor.nameEnglish) else { return nil }
            return actor.role.map { role in bilingual("\(name) as \(role)", "\(name) (\(role) 역)") } ?? name
        }
        let others = movie.actors.count - mainActorCount
        let more = others > 0 ? bilingual(" and \(others) more", " 외 \(others)명") : ""
        fields.append((Words("Cast", "출연"), actors.isEmpty ? nil : actors.joined(separator: ", ") + more))
        fields.append((Words("Rating", "관람등급"), joined(movie.ratings.compactMap(\.grade))))
        fields.append((Words("Distributor", "배급사"), joined(movie.distributors.compactMap(\.name))))
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
