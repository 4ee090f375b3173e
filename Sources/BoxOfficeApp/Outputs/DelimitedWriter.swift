import BoxOfficeCore
/// Writes a document as CSV or TSV: the columns machines see, the header once from the first
/// table, then the rows of every table, so a range is one sheet.
package struct DelimitedWriter: Sendable {
    /// CSV or TSV.
    package let format: OutputFormat

    /// Creates a writer; any format but TSV writes CSV.
    package init(format: OutputFormat) {
        self.format = format
    }

    /// The document's machine columns and rows.
    package func write(_ document: Document) -> String {
        var text = ""
        writeLines(of: document, withHeader: true) { text += $0 }
        return text
    }

    /// The document's lines, each ending in "\n", handed to `emit` one at a time, so that a long
    /// document (a range written a chart at a time) is never held whole: the header from the
    /// first table (if `withHeader`), then every table's rows. Returns whether there was a
    /// table, and so a header to write.
    @discardableResult
    package func writeLines(of document: Document, withHeader: Bool, to emit: (String) throws -> Void) rethrows -> Bool {
        let tables = document.sections.flatMap(\.blocks).compactMap { block -> Table? in
            guard case .table(let table) = block, table.columns.contains(where: { $0.key != nil }) else { return nil }
            return table
        }
        guard let first = tables.first else { return false }
        if withHeader { try emit(Self.line(format, first.columns.compactMap(\.key).map(DelimitedField.text))) }
        for table in tables {
            let machine = table.columns.indices.filter { table.columns[$0].key != nil }
            for row in table.rows {
                try emit(Self.line(format, machine.map { Self.cell(row[$0]) }))
            }
        }
        return true
    }

    private static func cell(_ cell: Cell) -> DelimitedField {
        switch cell {
        case .text(let text), .film(let text, _): .text(text)
        case .list(let values): .list(values)
        case .count(let value): .number(value)
        case .decimal(let value), .percentage(let value): .number(value)
        case .literal(let value): .number(value)
        case .date(let date): .date(date)
        case .rankChange(_, let intensity), .move(_, _, let intensity): .number(String(intensity))
        case .flag(let value): .number(value ? "true" : "false")
        case .sparkline(let values): .text(values.map { $0.map(String.init) ?? "" }.joined(separator: ";"))
        case .image(let address, _): .text(address)
        }
    }
}

/// One field of a CSV or TSV row.
package enum DelimitedField: Sendable, Equatable {
    /// Text from outside; guarded against spreadsheet formulas.
    case text(String)
    /// A number or date we formatted ourselves; written as is.
    case number(String)
    /// No value.
    case empty
}

/// The rows of CSV and TSV (RFC 4180 CSV, escaped TSV).
extension DelimitedWriter {
    /// A CSV document: header, then rows, one line each (no line breaks inside fields), every
    /// line ending in "\n".
    package static func csv(header: [String], rows: [[DelimitedField]]) -> String {
        // Headers are cleaned as cells are: a column of the user's SQL may be named anything.
        csvLine(header.map(DelimitedField.text)) + csvRows(rows)
    }

    /// TSV for `.tsv`, CSV otherwise: the one choice every command's delimited branch makes.
    package static func document(_ format: OutputFormat, header: [String], rows: [[DelimitedField]]) -> String {
        format == .tsv ? tsv(header: header, rows: rows) : csv(header: header, rows: rows)
    }

    /// One TSV line for `.tsv`, one CSV line otherwise.
    static func line(_ format: OutputFormat, _ cells: [DelimitedField]) -> String {
        format == .tsv ? tsvLine(cells) : csvLine(cells)
    }

    /// CSV rows without the header, for streaming after it.
    package static func csvRows(_ rows: [[DelimitedField]]) -> String {
        rows.map(csvLine).joined()
    }

    /// A TSV document with a header.
    package static func tsv(header: [String], rows: [[DelimitedField]]) -> String {
        tsvLine(header.map(DelimitedField.text)) + tsvRows(rows)
    }

    /// TSV rows without the header.
    package static func tsvRows(_ rows: [[DelimitedField]]) -> String {
        rows.map(tsvLine).joined()
    }

    private static func csvLine(_ cells: [DelimitedField]) -> String {
        cells.map { cell in
            // Tabs and line breaks would stay raw inside quotes, and the README promises CSV no
            // controls: they become spaces, as on a terminal (after the formula guard saw them).
            var value = ""
            value.append(guarded(cell)) { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : nil }
            guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" }) else { return value }
            // Quotes are doubled scalar by scalar too: a quote followed by a combining mark is one
            // Character, which a Character-wise replace misses, letting the text end the field early.
            var quoted = "\""
            quoted.append(value) { $0 == "\"" ? "\"\"" : nil }
            return quoted + "\""
        }.joined(separator: ",") + "\n"
    }

    private static func tsvLine(_ cells: [DelimitedField]) -> String {
        cells.map { cell in
            var escaped = ""
            escaped.append(guarded(cell)) { scalar in
                switch scalar {
                case "\\": "\\\\"
                case "\t": "\\t"
                case "\n": "\\n"
                case "\r": "\\r"
                default: nil
                }
            }
            return escaped
        }.joined(separator: "\t") + "\n"
    }

    /// Text a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection),
    /// and text from outside loses terminal controls; tabs and line breaks stay for the format to quote.
    private static func guarded(_ cell: DelimitedField) -> String {
        switch cell {
        case .empty: return ""
        case .number(let value): return value
        case .text(let value):
            let clean = TerminalText.sanitize(value, keepingLineBreaks: true)
            guard let first = clean.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return clean }
            return "'" + clean
        }
    }
}

extension DelimitedField {
    /// How list fields (genres, directors, …) are joined in one cell.
    package static let listSeparator = "; "

    /// Text, or an empty cell when there is none.
    package static func text(_ value: String?) -> DelimitedField {
        value.map(DelimitedField.text) ?? .empty
    }

    /// A whole number, or an empty cell when there is none.
    package static func number<Number: BinaryInteger>(_ value: Number?) -> DelimitedField {
        value.map { .number(String($0)) } ?? .empty
    }

    /// A decimal without exponent, or an empty cell when there is none.
    package static func number(_ value: Double?) -> DelimitedField {
        value.map { .number(NumberText.decimal($0)) } ?? .empty
    }

    /// A day as `YYYY-MM-DD`, or an empty cell when there is none.
    package static func date(_ value: KSTDate?) -> DelimitedField {
        value.map { .number($0.iso) } ?? .empty
    }

    /// Values joined with `listSeparator`, or an empty cell when there are none.
    package static func list(_ values: [String]) -> DelimitedField {
        values.isEmpty ? .empty : .text(values.joined(separator: listSeparator))
    }
}
