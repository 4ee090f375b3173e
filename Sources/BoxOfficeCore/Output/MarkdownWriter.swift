/// Writes a document as GitHub-flavoured Markdown: `###` headings, pipe tables of the columns
/// people see, cards as two-column tables.
package struct MarkdownWriter: Sendable {
    /// Creates a writer.
    package init() {}

    /// The document; sections are separated by a blank line, and so is a table from what follows
    /// it in its section, which would otherwise read as one more row.
    package func write(_ document: Document) -> String {
        document.sections.map { section in
            section.blocks.map(write).reduce(into: "") { text, part in
                if text.hasSuffix("|\n"), !part.isEmpty { text += "\n" }
                text += part
            }
        }.joined(separator: "\n")
    }

    private func write(_ block: Document.Block) -> String {
        switch block {
        case .heading(let text, let inMarkdown):
            return inMarkdown ? "### \(MarkdownTableWriter.escape(text))\n\n" : ""
        case .terminalLine:
            return ""
        case .note(let text):
            return "_\(MarkdownTableWriter.escape(text))_\n\n"
        case .table(let table):
            let shown = table.columns.indices.filter { table.columns[$0].title != nil }
            guard !shown.isEmpty else { return "" }
            let columns = shown.map { TableColumn(table.columns[$0].title ?? "", alignment: table.columns[$0].alignment) }
            return MarkdownTableWriter.render(columns: columns, rows: table.rows.map { row in shown.map { row[$0].markdownText } })
        case .card(let fields):
            return MarkdownTableWriter.render(columns: [TableColumn("Field"), TableColumn("Value")], rows: fields.map { [$0.label, $0.value] })
        }
    }
}

extension Cell {
    /// How the cell reads in Markdown: as in a table, but a sparkline's gaps are no-break spaces,
    /// which Markdown keeps where it would trim or collapse plain ones.
    var markdownText: String {
        guard case .sparkline(let values) = self else { return humanText }
        return Sparkline.text(values, gap: "\u{00A0}")
    }
}
