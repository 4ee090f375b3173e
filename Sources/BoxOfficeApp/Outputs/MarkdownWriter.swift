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
            return Self.table(
                columns: columns,
                cells: table.rows.map { row in
                    shown.map { row[$0].markdownCell(linkText: table.columns[$0].keepsWhole ? table.columns[$0].title : nil) }
                })
        case .card(let fields):
            return Self.table(
                columns: [Column(Words("Field", "항목")), Column(Words("Value", "값"))],
                cells: fields.map { [Self.escape($0.label), Self.escape($0.value)] })
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

    /// The cell as Markdown: its text escaped; a web address (a poster, an image) in a column of
    /// addresses a link people can open, named by `linkText` (the column's heading), never text
    /// parted so that it cannot become one.
    func markdownCell(linkText: String?) -> String {
        if let film = filmLink { return "[\(MarkdownWriter.escape(film.title))](\(MarkdownWriter.destination(film.address)))" }
        let address: String?
        switch self {
        case .image(let web?, nil): address = web
        case .text(let text?): address = text
        default: address = nil
        }
        guard let linkText, let address, WebAddress.isWeb(address) else { return MarkdownWriter.escape(markdownText) }
        return "[\(MarkdownWriter.escape(linkText))](\(MarkdownWriter.destination(address)))"
    }
}

/// Markdown tables and escaping.
extension MarkdownWriter {
    /// A table with a header row; Markdown in cells is escaped and line breaks are removed.
    package static func table(columns: [Column], rows: [[String]]) -> String {
        table(columns: columns, cells: rows.map { $0.map(escape) })
    }

    /// A table of cells already written as Markdown.
    static func table(columns: [Column], cells: [[String]]) -> String {
        let header = "| " + columns.map { escape($0.title ?? "") }.joined(separator: " | ") + " |\n"
        let rule = "|" + columns.map { $0.alignment == .right ? " ---: |" : " --- |" }.joined() + "\n"
        let body = cells.map { row in "| " + row.joined(separator: " | ") + " |\n" }.joined()
        return header + rule + body
    }

    /// A web address as a link's destination: in angle brackets, with what would end it there or
    /// split a table cell (`<`, `>`, `|`, spaces, controls) percent-encoded, so it opens as it is.
    static func destination(_ address: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = "<"
        for byte in address.utf8 {
            // Bytes past ASCII too: an address is ASCII, and a byte of UTF-8 alone is no character.
            if byte <= 0x20 || byte >= 0x7F || "<>|\\".utf8.contains(byte) {
                encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            } else {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return encoded + ">"
    }

    /// What a backslash turns into plain text: the characters that open emphasis (`*`, `_`, `~`),
    /// code, links and images (`[`, `]`), HTML and autolinks (`<`, `>`), entities (`&`), table
    /// cells (`|`) and the backslash itself. (`#` opens a heading only at the start of a line,
    /// where API text never stands: it is inside a cell or after `_`.)
    static let markup: Set<Unicode.Scalar> = ["\\", "|", "*", "_", "~", "`", "[", "]", "<", ">", "&"]

    /// U+2060 WORD JOINER: nothing on any page and no break, but it parts what a renderer would
    /// otherwise make a link of (`www.`, `://`, `@`). A backslash does not (GitHub finds its
    /// autolinks after escapes are undone), and an empty HTML comment shows as text where a renderer
    /// escapes HTML (markdown-it's default preset) and broke the poster addresses it stood in.
    static let linkBreak = "\u{2060}"

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
