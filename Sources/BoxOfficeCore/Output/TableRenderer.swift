/// A column of a table for people.
public struct TableColumn: Sendable {
    /// The header.
    public var title: String
    /// Numbers right, text left.
    public var alignment: TextAlignment
    /// Whether the column may be cut with "…" to fit the terminal.
    public var isTruncatable: Bool

    /// Creates a column.
    public init(_ title: String, alignment: TextAlignment = .left, isTruncatable: Bool = false) {
        self.title = title
        self.alignment = alignment
        self.isTruncatable = isTruncatable
    }
}

/// How a cell looks when colour is on.
public enum CellStyle: Sendable {
    /// No colour.
    case plain
    /// Red, for a movie that climbed.
    case red
    /// Blue, for a movie that fell.
    case blue
    /// Bold, for headers and new entries.
    case bold

    var escape: String? {
        switch self {
        case .plain: nil
        case .red: "\u{1B}[31m"
        case .blue: "\u{1B}[34m"
        case .bold: "\u{1B}[1m"
        }
    }
}

/// One cell of a table for people.
public struct TableCell: Sendable {
    /// The text, sanitized before it is shown.
    public var text: String
    /// Its colour, used only when colour is on.
    public var style: CellStyle

    /// Creates a cell.
    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// Aligns cells in columns by display width, so Korean titles line up.
public struct TableRenderer: Sendable {
    /// The columns.
    public var columns: [TableColumn]
    /// The terminal's width; truncatable columns shrink to fit it.
    public var maxWidth: Int?
    /// Whether cells may be coloured.
    public var usesColor: Bool

    private static let gap = "  "
    private static let narrowest = 6

    /// Creates a renderer.
    public init(columns: [TableColumn], maxWidth: Int? = nil, usesColor: Bool = false) {
        self.columns = columns
        self.maxWidth = maxWidth
        self.usesColor = usesColor
    }

    /// The header and rows, each line ending in "\n" and without trailing spaces.
    public func render(_ rows: [[TableCell]]) -> String {
        let header = columns.map { TableCell($0.title, style: .bold) }
        let cleanRows = ([header] + rows).map { row in
            columns.indices.map { index in
                index < row.count ? TableCell(TerminalText.sanitize(row[index].text), style: row[index].style) : TableCell("")
            }
        }
        let widths = fittedWidths(natural: columns.indices.map { index in
            cleanRows.map { DisplayWidth.of($0[index].text) }.max() ?? 0
        })
        return cleanRows.map { line(of: $0, widths: widths) }.joined()
    }

    private func line(of row: [TableCell], widths: [Int]) -> String {
        var parts: [String] = []
        for (index, cell) in row.enumerated() {
            let column = columns[index]
            let shown = DisplayWidth.truncate(cell.text, toWidth: widths[index])
            let isLast = index == row.count - 1
            let padded = isLast && column.alignment == .left
                ? shown : DisplayWidth.pad(shown, toWidth: widths[index], alignment: column.alignment)
            parts.append(styled(padded, cell.style))
        }
        var text = parts.joined(separator: Self.gap)
        while text.hasSuffix(" ") { text.removeLast() }
        return text + "\n"
    }

    private func styled(_ text: String, _ style: CellStyle) -> String {
        guard usesColor, let escape = style.escape, !text.allSatisfy({ $0 == " " }) else { return text }
        let trimmed = text.drop { $0 == " " }
        let leading = String(text.prefix(text.count - trimmed.count))
        var body = String(trimmed)
        var trailing = ""
        while body.hasSuffix(" ") { body.removeLast(); trailing += " " }
        return leading + escape + body + "\u{1B}[0m" + trailing
    }

    /// Shrinks the widest truncatable columns, one cell at a time, until the table fits.
    private func fittedWidths(natural: [Int]) -> [Int] {
        guard let maxWidth else { return natural }
        var widths = natural
        let total = { widths.reduce(0, +) + Self.gap.count * max(widths.count - 1, 0) }
        while total() > maxWidth {
            let candidates = columns.indices.filter { columns[$0].isTruncatable && widths[$0] > Self.narrowest }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
        }
        return widths
    }
}
