import BoxOfficeCore
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
            return inMarkdown ? "### \(Self.escape(text))\n\n" : ""
        case .terminalLine:
            return ""
        case .note(let text):
            return "_\(Self.escape(text))_\n\n"
        case .table(let table):
            let shown = table.columns.indices.filter { table.columns[$0].title != nil }
            guard !shown.isEmpty else { return "" }
            let columns = shown.map { table.columns[$0] }
            return Self.table(columns: columns, rows: table.rows.map { row in shown.map { row[$0].markdownText } })
        case .card(let fields):
            return Self.table(columns: [Column(Words("Field", "항목")), Column(Words("Value", "값"))], rows: fields.map { [$0.label, $0.value] })
        }
    }
}

package extension Cell {
    /// How the cell reads in Markdown: as in a table, but a sparkline's gaps are no-break spaces,
    /// which Markdown keeps where it would trim or collapse plain ones.
    var markdownText: String {
        guard case .sparkline(let values) = self else { return humanText }
        return Sparkline.text(values, gap: "\u{00A0}")
    }
}

/// Markdown tables and escaping.
extension MarkdownWriter {
    /// A table with a header row; Markdown in cells is escaped and line breaks are removed.
    package static func table(columns: [Column], rows: [[String]]) -> String {
        let header = "| " + columns.map { escape($0.title ?? "") }.joined(separator: " | ") + " |\n"
        let rule = "|" + columns.map { $0.alignment == .right ? " ---: |" : " --- |" }.joined() + "\n"
        let body = rows.map { row in "| " + row.map(escape).joined(separator: " | ") + " |\n" }.joined()
        return header + rule + body
    }

    /// What a backslash turns into plain text: the characters that open emphasis (`*`, `_`, `~`),
    /// code, links and images (`[`, `]`), HTML and autolinks (`<`, `>`), entities (`&`), table
    /// cells (`|`) and the backslash itself. (`#` opens a heading only at the start of a line,
    /// where API text never stands: it is inside a cell or after `_`.)
    static let markup: Set<Unicode.Scalar> = ["\\", "|", "*", "_", "~", "`", "[", "]", "<", ">", "&"]

    /// An empty HTML comment: nothing on GitHub's page, but it parts what GitHub would otherwise
    /// make a link of (a backslash does not: its autolinks are found after escapes are undone).
    static let linkBreak = "<!---->"

    /// Text from the APIs made plain, scalar by scalar: a pipe followed by a combining mark is one
    /// Character, which a Character-wise replace would miss, leaving a pipe that splits the cell.
    /// No API text becomes a link or a mention: `@` (an address, `@name`), `www.` and `://` are
    /// parted by `linkBreak`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        let scalars = Array(TerminalText.sanitize(text).unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if markup.contains(scalar) { escaped.unicodeScalars.append("\\") }
            let before = scalars[..<index].suffix(3).map { Character($0).lowercased() }.joined()
            if scalar == ".", before == "www" { escaped += linkBreak }
            if scalar == ":", scalars[(index + 1)...].prefix(2).elementsEqual(["/", "/"]) { escaped += linkBreak }
            escaped.unicodeScalars.append(scalar)
            if scalar == "@" { escaped += linkBreak }
        }
        return escaped
    }
}
