import BoxOfficeCore
/// `--fields a,b,c`: the columns a document's tables keep, and the members its JSON lines keep,
/// in the order asked. A field is named as in the JSON (`audienceTotal`); the CSV and TSV header
/// of the same column is its snake_case form (`audience_total`).
extension Document {
    /// Every field a table of the document can show, in column order: the JSON names of its
    /// CSV and TSV columns, including those a terminal leaves out.
    package var fieldNames: [String] {
        var names: [String] = []
        for case .table(let table) in sections.flatMap(\.blocks) {
            for name in table.columns.compactMap(\.fieldName) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The document with only the tables that have fields, each showing the fields asked for in
    /// that order, to people and machines alike; headings and notes stay, cards and lines only a
    /// terminal shows (what the fields replace) go.
    package func selecting(_ fields: [String]) -> Document {
        Document(
            sections.map { section in
                Section(
                    section.blocks.compactMap { block -> Block? in
                        switch block {
                        case .table(let table): table.columns.contains { $0.key != nil } ? .table(table.selecting(fields)) : nil
                        case .heading, .note: block
                        case .card, .terminalLine: nil
                        }
                    })
            })
    }
}

package extension Table {
    /// The columns named by `fields`, in that order; one only machines saw gets a title from its name.
    func selecting(_ fields: [String]) -> Table {
        let picked = fields.compactMap { field in columns.firstIndex { $0.fieldName == field } }
        let chosen = picked.map { index in
            var column = columns[index]
            if column.title == nil {
                column.title = column.key.map(Column.title(forKey:))
                column.alignment = rows.first.map { $0[index].isNumber ? .right : .left } ?? .left
            }
            // Asked for by name, so never left out to fit a narrow terminal (titles may still be cut).
            column.dropOrder = nil
            return column
        }
        return Table(columns: chosen, rows: rows.map { row in picked.map { row[$0] } })
    }
}

extension Column {
    /// The column's JSON name: its CSV key in camelCase, `url` as `URL` (`poster_url` is `posterURL`).
    package var fieldName: String? {
        key.map { key in
            key.split(separator: "_").enumerated().map { index, word in
                if word == "url" { return index == 0 ? "url" : "URL" }
                return index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
            }.joined()
        }
    }

    /// A title for a column people did not see: `audience_change` is "Audience change".
    static func title(forKey key: String) -> String {
        let words = key.split(separator: "_").map { $0 == "url" ? "URL" : String($0) }
        guard let first = words.first else { return key }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }
}

package extension Cell {
    /// Whether people read it as a number, aligned right.
    fileprivate var isNumber: Bool {
        switch self {
        case .count, .decimal, .percentage, .rankChange: true
        default: false
        }
    }
}

package extension JSONValue {
    /// An object with only the members named, in that order; any other value as it is. A range's
    /// missing chart (`"missing": true`) is no record the fields choose from: it stays whole, so
    /// that a script still finds which chart to ask for again.
    func selecting(_ fields: [String]) -> JSONValue {
        guard case .object(let members) = self else { return self }
        if members.contains(where: { name, value in
            guard name == "missing", case .bool(true) = value else { return false }
            return true
        }) {
            return self
        }
        return .object(fields.compactMap { field in members.first { $0.0 == field } })
    }
}
