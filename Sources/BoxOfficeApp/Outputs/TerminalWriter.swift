import BoxOfficeCore
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
        case .heading(let text, _), .terminalLine(let text):
            return TerminalText.sanitize(text) + "\n"
        case .note(let text):
            // A remark wraps at word boundaries, as a table's rows fit, rather than at the edge.
            let clean = TerminalText.sanitize(text)
            guard let width = style.terminalWidth, DisplayWidth.of(clean) > width else { return clean + "\n" }
            return DisplayWidth.wrap(clean, toWidth: width).joined(separator: "\n") + "\n"
        case .table(let table):
            let shown = table.columns.indices.filter { table.columns[$0].title != nil }
            guard table.isShownAtTerminal, !shown.isEmpty, !table.rows.isEmpty else { return "" }
            let renderer = TableRenderer(
                columns: shown.map { table.columns[$0] }, maxWidth: style.terminalWidth, usesColor: style.usesColor,
                keepsTitlesWhole: style.keepsTitlesWhole)
            return renderer.render(table.rows.map { row in shown.map { StyledText(row[$0].humanText, style: row[$0].style) } })
        case .card(let fields):
            return card(fields)
        }
    }

    /// Labelled values; a value longer than the terminal wraps at word boundaries under itself.
    /// Where the labels leave a value too little room, each value goes under its label instead.
    private func card(_ fields: [(label: String, value: String)]) -> String {
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        if let width = style.terminalWidth, width - labelWidth - 2 < Self.narrowestValue {
            return stackedCard(fields, width: width)
        }
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

    /// Each label on a line of its own, its value under it, indented and wrapped to the terminal.
    private func stackedCard(_ fields: [(label: String, value: String)], width: Int) -> String {
        fields.map { label, value in
            let styledLabel = style.usesColor ? "\u{1B}[1m\(label)\u{1B}[0m" : label
            let lines = DisplayWidth.wrap(TerminalText.sanitize(value), toWidth: max(width - 2, 1))
            return styledLabel + "\n" + lines.map { "  " + $0 + "\n" }.joined()
        }.joined()
    }

    private static let narrowestValue = 20
}
