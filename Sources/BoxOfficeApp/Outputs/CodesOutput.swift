import BoxOfficeCore
/// A common-code group (`boxoffice codes`).
package struct CodesOutput: Presentable {
    /// The group and its codes.
    package let list: CodeList

    /// Creates the output.
    package init(_ list: CodeList) {
        self.list = list
    }

    /// The list's own schema.
    package static let jsonSchema = CodeList.jsonSchema

    /// `{"group", "codes": [{"code", "name", "nameEnglish"}]}`: the list's own encoding.
    package var json: JSONValue { JSONValue(encoding: list) }

    /// One code a line, its group first (as a chart's movie carries its chart's days), so that
    /// `--fields group,…` finds the member the table and CSV have.
    package var jsonLines: [JSONValue] {
        json.elements(of: "codes").map { JSONValue.object([("group", .string(list.group))] + $0.members) }
    }

    /// A table of the codes.
    package var document: Document {
        let columns = [
            Column.machine("group"), Column(Words("Code", "코드"), key: "code"), Column(Words("Name", "이름"), key: "name", isTruncatable: true),
            Column(Words("English name", "영문명"), key: "name_english", isTruncatable: true, dropOrder: 1),
        ]
        let rows: [[Cell]] = list.codes.map { [.text(list.group), .text($0.code), .text($0.name), .text($0.nameEnglish)] }
        var blocks: [Document.Block] = [.table(Table(columns: columns, rows: rows))]
        if list.codes.isEmpty { blocks.append(.note(bilingual("No codes in group \(list.group).", "\(list.group) 그룹에는 코드가 없습니다."))) }
        return Document([Document.Section(blocks)])
    }
}
