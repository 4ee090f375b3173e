import BoxOfficeCore
/// A page of KOBIS movie-list matches; no match is an empty list, not an error.
package struct SearchOutput: Presentable {
    /// The page of matches.
    package let result: MovieSearchResult
    /// The page shown, from 1.
    package let page: Int

    /// Creates the output.
    package init(_ result: MovieSearchResult, page: Int = 1) {
        self.result = result
        self.page = page
    }

    /// The result's own schema and the page shown.
    package static let jsonSchema = MovieSearchResult.jsonSchema.inserting(("page", .integer), after: "totalCount")

    /// The search's JSON contract: the result's own encoding and the page shown.
    package var json: JSONValue {
        JSONValue(encoding: result).inserting(("page", .integer(page)), after: "totalCount")
    }

    /// One movie a line.
    package var jsonLines: [JSONValue] { json.elements(of: "movies") }

    /// A table of the matches and a count of them.
    package var document: Document {
        let columns = [
            Column(Words("Code", "코드"), key: "code"), Column(Words("Title", "영화명"), key: "title", isTruncatable: true),
            Column(Words("English title", "영문 제목"), key: "title_english", isTruncatable: true, dropOrder: 1),
            Column(Words("Produced", "제작연도"), key: "production_year", alignment: .right, dropOrder: 2),
            Column(Words("Opened", "개봉일"), key: "open_date", dropOrder: 4),
            Column.machine("type"), Column.machine("status"), Column.machine("nations"), Column.machine("genres"),
            Column(Words("Directors", "감독"), key: "directors", isTruncatable: true, dropOrder: 3),
        ]
        let rows: [[Cell]] = result.movies.map { movie in
            [
                .text(movie.code), .film(movie.title, code: movie.code), .text(movie.titleEnglish), .text(movie.productionYear.map(String.init)),
                .date(movie.openDate), .text(movie.type), .text(movie.status), .list(movie.nations), .list(movie.genres), .list(movie.directors),
            ]
        }
        return Document([
            Document.Section([
                .table(Table(columns: columns, rows: rows)),
                .terminalLine(NumberText.shown(result.movies.count, of: result.totalCount, "match", "matches", counter: "편")),
            ])
        ])
    }
}
