import BoxOfficeCore
/// A page of companies (`boxoffice companies`).
package struct CompaniesOutput: Presentable {
    /// The matches.
    package let result: CompanySearchResult
    /// The page shown, from 1.
    package let page: Int

    /// Creates the output.
    package init(_ result: CompanySearchResult, page: Int) {
        self.result = result
        self.page = page
    }

    /// The result's own schema and the page shown.
    package static let jsonSchema = CompanySearchResult.jsonSchema.inserting(("page", .integer), after: "totalCount")

    /// `{"totalCount", "page", "companies": [...]}`: the result's own encoding and the page shown.
    package var json: JSONValue {
        JSONValue(encoding: result).inserting(("page", .integer(page)), after: "totalCount")
    }

    /// One company a line.
    package var jsonLines: [JSONValue] { json.elements(of: "companies") }

    /// A table of the companies and a count of them.
    package var document: Document {
        let columns = [
            Column(Words("Code", "코드"), key: "code"), Column(Words("Name", "이름"), key: "name", isTruncatable: true),
            Column(Words("English name", "영문명"), key: "name_english", isTruncatable: true, dropOrder: 1),
            Column(Words("CEO", "대표자"), key: "ceo", isTruncatable: true, dropOrder: 2),
            Column(Words("Parts", "업종"), key: "parts", isTruncatable: true, dropOrder: 4),
            Column(Words("Filmography", "필모그래피"), key: "filmography", isTruncatable: true, dropOrder: 3),
        ]
        let rows: [[Cell]] = result.companies.map {
            [.text($0.code), .text($0.name), .text($0.nameEnglish), .text($0.ceo), .list($0.parts), .list($0.filmography)]
        }
        return Document([
            Document.Section([
                .table(Table(columns: columns, rows: rows)),
                .terminalLine(NumberText.shown(result.companies.count, of: result.totalCount, "company", "companies", counter: "곳")),
            ])
        ])
    }
}

/// One company's details (`boxoffice company`).
package struct CompanyOutput: Presentable {
    /// The company.
    package let company: CompanyDetails

    /// Creates the output.
    package init(_ company: CompanyDetails) {
        self.company = company
    }

    /// The company's own schema.
    package static let jsonSchema = CompanyDetails.jsonSchema

    /// `{"code", "name", "nameEnglish", "ceo", "parts", "filmography": [{"movieCode", "title", "parts"}]}`:
    /// the company's own encoding.
    package var json: JSONValue { JSONValue(encoding: company) }

    /// A card, then the films a row each with the company's parts in them.
    package var document: Document {
        var fields: [(label: Words, value: String)] = [(Words("Name", "이름"), company.name), (Words("Code", "코드"), company.code)]
        if let english = company.nameEnglish { fields.append((Words("English name", "영문명"), english)) }
        if let ceo = company.ceo { fields.append((Words("CEO", "대표자"), ceo)) }
        if !company.parts.isEmpty { fields.append((Words("Parts", "업종"), company.parts.joined(separator: ", "))) }
        fields.append((Words("Films", "영화 수"), String(company.filmography.count)))
        let columns = [
            Column.machine("company_code"), Column.machine("company_name"), Column(Words("Movie code", "영화 코드"), key: "movie_code"),
            Column(Words("Title", "영화명"), key: "title", isTruncatable: true),
            Column(Words("Parts", "업종"), key: "parts", dropOrder: 1),
        ]
        let rows: [[Cell]] = company.filmography.map {
            [.text(company.code), .text(company.name), .text($0.movieCode), .text($0.title), .list($0.parts)]
        }
        return Document([
            Document.Section([.card(labelled: fields)]), Document.Section([.table(Table(columns: columns, rows: rows))]),
        ])
    }
}
