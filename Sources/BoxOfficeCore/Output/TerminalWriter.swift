/// Writes a document for a terminal: headings as lines, tables aligned by display width and cut
/// to the terminal's width, cards as labelled lines.
package struct TerminalWriter: Sendable {
    /// Colour and width.
    package let style: RenderStyle

    /// Creates a writer.
    package init(style: RenderStyle) {
        self.style = style
    }

    /// The document; sections are separated by a blank line.
    package func write(_ document: Document) -> String {
        document.joined(write)
    }

    private func write(_ block: Document.Block) -> String {
        switch block {
        case .heading(let text, _), .terminalLine(let text), .note(let text):
            return TerminalText.sanitize(text) + "\n"
        case .table(let table):
            let shown = table.columns.indices.filter { table.columns[$0].title != nil }
            guard table.isShownAtTerminal, !shown.isEmpty, !table.rows.isEmpty else { return "" }
            let renderer = TableRenderer(columns: shown.map { table.columns[$0] }, maxWidth: style.terminalWidth, usesColor: style.usesColor)
            return renderer.render(table.rows.map { row in shown.map { StyledText(row[$0].humanText, style: row[$0].style) } })
        case .card(let fields):
            return card(fields)
        }
    }

    /// Labelled values; a value longer than the terminal wraps at word boundaries under itself.
    private func card(_ fields: [(label: String, value: String)]) -> String {
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueWidth = style.terminalWidth.map { max($0 - labelWidth - 2, Self.narrowestValue) }
        let hanging = String(repeating: " ", count: labelWidth + 2)
        return fields.map { label, value in
            let cleanValue = TerminalText.sanitize(value)
            let lines = valueWidth.map { DisplayWidth.wrap(cleanValue, toWidth: $0) } ?? [cleanValue]
            let paddedLabel = DisplayWidth.pad(label, toWidth: labelWidth, alignment: .left)
            let styledLabel = style.usesColor ? "\u{1B}[1m\(paddedLabel)\u{1B}[0m" : paddedLabel
            return "\(styledLabel)  " + lines.joined(separator: "\n" + hanging) + "\n"
        }.joined()
    }

    private static let narrowestValue = 20
}
