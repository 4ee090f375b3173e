import BoxOfficeCore
/// A movie's best poster: at a terminal only its URL, so `$(boxoffice poster X)` is the address.
package struct PosterOutput: Presentable {
    /// The movie.
    package let movie: MovieDetails
    /// Its poster.
    package let poster: ImageResult
    /// Where it was saved, if it was.
    package let path: String?

    /// Creates the output.
    package init(movie: MovieDetails, poster: ImageResult, path: String?) {
        self.movie = movie
        self.poster = poster
        self.path = path
    }

    /// What `json` holds.
    package static let jsonSchema = JSONSchema.object([
        ("code", .string), ("title", .string), ("posterURL", .string), ("width", .nullable(.integer)), ("height", .nullable(.integer)),
        ("documentURL", .nullable(.string)), ("path", .nullable(.string)),
    ])

    /// The poster's JSON contract.
    package var json: JSONValue {
        .object([
            ("code", .string(movie.code)), ("title", .string(movie.title)), ("posterURL", .string(poster.imageURL)),
            ("width", .integer(poster.width)), ("height", .integer(poster.height)), ("documentURL", .string(poster.documentURL)),
            ("path", .string(path)),
        ])
    }

    /// The URL alone at a terminal; a table in Markdown, a row in CSV and TSV.
    package var document: Document {
        let columns = [
            Column(Words("Code", "코드"), key: "code"), Column(Words("Title", "영화명"), key: "title"), Column(Words("Poster", "포스터"), key: "poster_url"),
            Column.machine("width"),
            Column.machine("height"), Column.machine("document_url"), Column.machine("path"),
        ]
        let row: [Cell] = [
            .text(movie.code), .text(movie.title), .text(poster.imageURL), .count(poster.width), .count(poster.height),
            .text(poster.documentURL), .text(path),
        ]
        return Document([Document.Section([.terminalLine(poster.imageURL), .table(Table(columns: columns, rows: [row]).hiddenAtTerminal)])])
    }
}
