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
            Column("Code", key: "code"), Column("Name", key: "name", isTruncatable: true),
            Column("English name", key: "name_english", isTruncatable: true, dropOrder: 1),
            Column("Role", key: "role", isTruncatable: true, dropOrder: 3),
            Column("Filmography", key: "filmography", isTruncatable: true, dropOrder: 2),
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
        var fields: [(label: String, value: String)] = [("Name", person.name), ("Code", person.code)]
        if let english = person.nameEnglish { fields.append(("English name", english)) }
        if let sex = person.sex { fields.append(("Sex", sex)) }
        if let role = person.role { fields.append(("Role", role)) }
        if !person.homepages.isEmpty { fields.append(("Home pages", person.homepages.joined(separator: " "))) }
        let columns = [
            Column.machine("person_code"), Column.machine("person_name"), Column("Movie code", key: "movie_code"),
            Column("Title", key: "title", isTruncatable: true),
            Column.machine("part"), Column(bilingual("Parts", "분야"), key: "parts", dropOrder: 1),
        ]
        let rows: [[Cell]] = person.filmography.map {
            [.text(person.code), .text(person.name), .text($0.movieCode), .text($0.title), .text($0.part), .list($0.parts)]
        }
        return Document([
            Document.Section([.card(labelled: fields)]), Document.Section([.table(Table(columns: columns, rows: rows))]),
        ])
    }
}
