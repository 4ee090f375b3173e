/// Writes GitHub-flavoured Markdown tables.
package enum MarkdownTableWriter {
    /// A table with a header row; Markdown in cells is escaped and line breaks are removed.
    package static func render(columns: [TableColumn], rows: [[String]]) -> String {
        let header = "| " + columns.map { escape($0.title) }.joined(separator: " | ") + " |\n"
        let rule = "|" + columns.map { $0.alignment == .right ? " ---: |" : " --- |" }.joined() + "\n"
        let body = rows.map { row in "| " + row.map(escape).joined(separator: " | ") + " |\n" }.joined()
        return header + rule + body
    }

    /// What a backslash turns into plain text: the characters that open emphasis (`*`, `_`, `~`),
    /// code, links and images (`[`, `]`), HTML and autolinks (`<`, `>`), entities (`&`), table
    /// cells (`|`), mentions (`@`) and the backslash itself. (`#` opens a heading only at the start
    /// of a line, where API text never stands: it is inside a cell or after `_`.)
    static let markup: Set<Unicode.Scalar> = ["\\", "|", "*", "_", "~", "`", "[", "]", "<", ">", "&", "@"]

    /// Text from the APIs made plain, scalar by scalar: a pipe followed by a combining mark is one
    /// Character, which a Character-wise replace would miss, leaving a pipe that splits the cell.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in TerminalText.sanitize(text).unicodeScalars {
            if markup.contains(scalar) { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }
}
