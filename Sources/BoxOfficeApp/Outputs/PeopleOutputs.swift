import BoxOfficeCore
/// A page of people (`boxoffice people`).
package struct PeopleOutput: Presentable {
    /// The matches.
    package let result: PeopleSearchResult
    /// The page shown, from 1.
    package let page: Int

    /// Creates the output.
    package init(_ result: PeopleSearchResult, page: Int) {
        self.result = result
        self.page = page
    }

    /// The result's own schema and the page shown.
    package static let jsonSchema = PeopleSearchResult.jsonSchema.inserting(("page", .integer), after: "totalCount")

    /// `{"totalCount", "page", "people": [...]}`: the result's own encoding and the page shown.
    package var json: JSONValue {
        JSONValue(encoding: result).inserting(("page", .integer(page)), after: "totalCount")
    }

    /// One person a line.
    package var jsonLines: [JSONValue] { json.elements(of: "people") }

    /// A table of the people and a count of them.
    package var document: Document {
        // The role tells namesakes apart (봉준호 the director, 봉준호 of the camera crew): it goes last.
        let columns = [
            Column(Words("Code", "코드"), key: "code"), Column(Words("Name", "이름"), key: "name", isTruncatable: true),
            Column(Words("English name", "영문명"), key: "name_english", isTruncatable: true, dropOrder: 1),
            Column(Words("Role", "분야"), key: "role", isTruncatable: true, dropOrder: 3),
            Column(Words("Filmography", "필모그래피"), key: "filmography", isTruncatable: true, dropOrder: 2),
        ]
        let rows: [[Cell]] = result.people.map { [.text($0.code), .text($0.name), .text($0.nameEnglish), .text($0.role), .list($0.filmography)] }
        return Document([
            Document.Section([
                .table(Table(columns: columns, rows: rows)),
                .terminalLine(NumberText.shown(result.people.count, of: result.totalCount, "person", "people", counter: "명")),
            ])
        ])
    }
}

/// One person's details (`boxoffice person`).
package struct PersonOutput: Presentable {
    /// The person.
    package let person: PersonDetails

    /// Creates the output.
    package init(_ person: PersonDetails) {
        self.person = person
    }

    /// The person's own schema.
    package static let jsonSchema = PersonDetails.jsonSchema

    /// `{"code", "name", "nameEnglish", "sex", "role", "homepages", "filmography": [{"movieCode", "title", "part", "parts"}]}`:
    /// the person's own encoding.
    package var json: JSONValue { JSONValue(encoding: person) }

    /// A card, then the films a row each (their codes feed `boxoffice movie`); CSV and TSV have only
    /// the rows, so each names the person too.
    package var document: Document {
        var fields: [(label: Words, value: String)] = [(Words("Name", "이름"), person.name), (Words("Code", "코드"), person.code)]
        if let english = person.nameEnglish { fields.append((Words("English name", "영문명"), english)) }
        if let sex = person.sex { fields.append((Words("Sex", "성별"), sex)) }
        if let role = person.role { fields.append((Words("Role", "분야"), role)) }
        if !person.homepages.isEmpty { fields.append((Words("Home pages", "홈페이지"), person.homepages.joined(separator: " "))) }
        let columns = [
            Column.machine("person_code"), Column.machine("person_name"), Column(Words("Movie code", "영화 코드"), key: "movie_code"),
            Column(Words("Title", "영화명"), key: "title", isTruncatable: true),
            Column.machine("part"), Column(Words("Parts", "분야"), key: "parts", dropOrder: 1),
        ]
        let rows: [[Cell]] = person.filmography.map {
            [.text(person.code), .text(person.name), .text($0.movieCode), .text($0.title), .text($0.part), .list($0.parts)]
        }
        return Document([
            Document.Section([.card(labelled: fields)]), Document.Section([.table(Table(columns: columns, rows: rows))]),
        ])
    }
}
