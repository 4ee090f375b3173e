import BoxOfficeCore
/// How a cell looks when colour is on.
package enum CellStyle: Sendable {
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

/// Text for a terminal with the colour it has when colour is on: a cell of a table for people.
package struct StyledText: Sendable {
    /// The text, sanitized before it is shown.
    package var text: String
    /// Its colour, used only when colour is on.
    package var style: CellStyle

    /// Creates a cell.
    package init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// Aligns cells in columns by display width, so Korean titles line up.
package struct TableRenderer: Sendable {
    /// The columns.
    package var columns: [Column]
    /// The terminal's width; truncatable columns shrink to fit it.
    package var maxWidth: Int?
    /// Whether cells may be coloured.
    package var usesColor: Bool
    /// Whether truncatable columns stay whole all the same, columns being left out instead.
    package var keepsTitlesWhole = false

    private static let gap = "  "
    /// One Hangul syllable and "…": how far a title is cut when nothing else is left to give way,
    /// so that rows still fit the terminal rather than wrap.
    private static let narrowest = 3
    /// A title cut to this many columns (eight Hangul) still reads; below it, columns go first.
    private static let readable = 16

    /// Creates a renderer.
    package init(columns: [Column], maxWidth: Int? = nil, usesColor: Bool = false, keepsTitlesWhole: Bool = false) {
        self.columns = columns
        self.maxWidth = maxWidth
        self.usesColor = usesColor
        self.keepsTitlesWhole = keepsTitlesWhole
    }

    /// The header and rows, each line ending in "\n" and without trailing spaces.
    package func render(_ rows: [[StyledText]]) -> String {
        let header = columns.map { StyledText($0.title ?? "", style: .bold) }
        let cleanRows = ([header] + rows).map { row in
            columns.indices.map { index in
                index < row.count ? StyledText(TerminalText.sanitize(row[index].text), style: row[index].style) : StyledText("")
            }
        }
        let natural = columns.indices.map { index in cleanRows.map { DisplayWidth.of($0[index].text) }.max() ?? 0 }
        let (shown, widths) = fitted(natural: natural)
        let texts = shown.map { index in shownTexts(cleanRows.map { $0[index].text }, column: columns[index], width: widths[index]) }
        return cleanRows.indices.map { row in
            line(of: shown.enumerated().map { position, index in (texts[position][row], cleanRows[row][index].style, index) }, widths: widths)
        }.joined()
    }

    /// A column's texts cut to its width; when cutting the end makes different texts look the
    /// same, those are cut in the middle instead.
    private func shownTexts(_ texts: [String], column: Column, width: Int) -> [String] {
        guard column.isTruncatable, !column.keepsWhole else { return texts }
        let cut = texts.map { DisplayWidth.truncate($0, toWidth: width) }
        var originals: [String: Set<String>] = [:]
        for (text, shown) in zip(texts, cut) { originals[shown, default: []].insert(text) }
        return zip(texts, cut).map { text, shown in
            (originals[shown]?.count ?? 0) > 1 ? DisplayWidth.truncateMiddle(text, toWidth: width) : shown
        }
    }

    private func line(of cells: [(text: String, style: CellStyle, column: Int)], widths: [Int]) -> String {
        var parts: [String] = []
        for (position, cell) in cells.enumerated() {
            let column = columns[cell.column]
            let isLast = position == cells.count - 1
            let padded =
                isLast && column.alignment == .left
                ? cell.text : DisplayWidth.pad(cell.text, toWidth: widths[cell.column], alignment: column.alignment)
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

    /// The columns shown and every column's width. Truncatable columns (titles) shrink, one cell
    /// at a time, to a width that still reads; then columns are left out in their drop order;
    /// then the truncatable ones shrink on to the narrowest. A column that must stay whole (a URL)
    /// never shrinks; only a row that still does not fit then is left to the terminal to wrap.
    private func fitted(natural: [Int]) -> (shown: [Int], widths: [Int]) {
        var shown = Array(columns.indices)
        var widths = natural
        guard let maxWidth else { return (shown, widths) }
        let total = { shown.map { widths[$0] }.reduce(0, +) + Self.gap.count * max(shown.count - 1, 0) }
        func shrink(downTo least: Int) {
            while !keepsTitlesWhole, total() > maxWidth {
                let candidates = shown.filter { columns[$0].isTruncatable && !columns[$0].keepsWhole && widths[$0] > least }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return }
                widths[widest] -= 1
            }
        }
        shrink(downTo: Self.readable)
        let droppable = columns.indices.filter { columns[$0].dropOrder != nil }.sorted { (columns[$0].dropOrder ?? 0) < (columns[$1].dropOrder ?? 0) }
        for index in droppable where total() > maxWidth {
            shown.removeAll { $0 == index }
        }
        shrink(downTo: Self.narrowest)
        return (shown, widths)
    }
}
