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
        let tables = document.sections.flatMap(\.blocks).compactMap { block -> Table? in
            guard case .table(let table) = block, table.columns.contains(where: { $0.key != nil }) else { return nil }
            return table
        }
        guard let first = tables.first else { return "" }
        let header = first.columns.compactMap(\.key)
        let rows = tables.flatMap { table in
            table.rows.map { row in table.columns.indices.filter { table.columns[$0].key != nil }.map { Self.cell(row[$0]) } }
        }
        return DelimitedTextWriter.document(format, header: header, rows: rows)
    }

    private static func cell(_ cell: Cell) -> DelimitedCell {
        switch cell {
        case .text(let text): .text(text)
        case .list(let values): .list(values)
        case .count(let value): .number(value)
        case .decimal(let value), .percentage(let value): .number(value)
        case .date(let date): .date(date)
        case .rankChange(_, let intensity), .move(_, _, let intensity): .number(String(intensity))
        case .flag(let value): .number(value ? "true" : "false")
        case .sparkline(let values): .text(values.map { $0.map(String.init) ?? "" }.joined(separator: ";"))
        case .image(let address): .text(address)
        }
    }
}
