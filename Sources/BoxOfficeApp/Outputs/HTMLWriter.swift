import BoxOfficeCore
/// Writes a document as one self-contained HTML page: inline CSS and SVG, no script, no outside
/// font or stylesheet, a Content-Security-Policy that forbids scripts, light and dark colours,
/// tables that become cards on a phone, and every text escaped.
package struct HTMLWriter: Sendable {
    /// Creates a writer.
    package init() {}

    /// The page.
    package func write(_ document: Document) -> String {
        let title =
            document.sections.lazy.flatMap(\.blocks).compactMap { block -> String? in
                if case .heading(let text, _) = block { return text }
                return nil
            }.first ?? "boxoffice"
        let body = document.sections.map { section in
            "<section>\n" + section.blocks.map(write).joined() + "</section>\n"
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="ko">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    private func write(_ block: Document.Block) -> String {
        switch block {
        case .heading(let text, _):
            return "<h1>\(Self.keepingDatesWhole(Self.escape(text)))</h1>\n"
        case .note(let text), .terminalLine(let text):
            return "<p>\(Self.keepingDatesWhole(Self.escape(text)))</p>\n"
        case .card(let fields):
            return "<dl>\n" + fields.map { "<dt>\(Self.escape($0.label))</dt><dd>\(Self.escape($0.value))</dd>\n" }.joined() + "</dl>\n"
        case .table(let table):
            let shown = table.columns.indices.filter { table.columns[$0].title != nil }
            guard !shown.isEmpty else { return "" }
            let header = shown.map { index in
                "<th\(table.columns[index].alignment == .right ? " class=\"number\"" : "")>\(Self.escape(table.columns[index].title ?? ""))</th>"
            }.joined()
            let titleColumn = table.titleColumn
            let rows = table.rows.map { row in
                let title = titleColumn.map { row[$0].humanText } ?? ""
                return "<tr>"
                    + shown.map { index in
                        let column = table.columns[index]
                        let classes = index == titleColumn ? " class=\"title\"" : column.alignment == .right ? " class=\"number\"" : ""
                        return "<td\(classes) data-label=\"\(Self.escape(column.title ?? ""))\">\(Self.html(row[index], title: title))</td>"
                    }.joined() + "</tr>\n"
            }.joined()
            return "<table>\n<thead><tr>\(header)</tr></thead>\n<tbody>\n\(rows)</tbody>\n</table>\n"
        }
    }

    private static func html(_ cell: Cell, title: String) -> String {
        switch cell {
        case .sparkline(let values): Sparkline.svg(values)
        case .film where cell.filmLink != nil:
            cell.filmLink.map { "<a href=\"\(escape($0.address))\">\(escape($0.title))</a>" } ?? "-"
        case .image(let address, let embedded):
            source(address, embedded).map {
                "<img src=\"\($0)\" alt=\"\(escape(title))\" width=\"\(Poster.width)\" height=\"\(Poster.height)\" loading=\"lazy\">"
            } ?? "-"
        default:
            switch cell.style {
            case .red: "<span class=\"up\">\(escape(cell.humanText))</span>"
            case .blue: "<span class=\"down\">\(escape(cell.humanText))</span>"
            case .bold: "<strong>\(escape(cell.humanText))</strong>"
            case .plain: escape(cell.humanText)
            }
        }
    }

    /// What an `<img>` shows, ready for its attribute: bytes the page carries as a data URI
    /// (base64 needs no escaping), else an http or https address, escaped; nil for anything else
    /// an API sent, a `data:` URI among them.
    private static func source(_ address: String?, _ embedded: DownloadedImage?) -> String? {
        if let embedded { return "data:\(embedded.kind.mediaType);base64," + embedded.data.base64EncodedString() }
        guard let address, WebAddress.isWeb(address) else { return nil }
        return escape(address)
    }

    /// The size a poster is shown at, a film poster's 27:40 in CSS pixels.
    package enum Poster {
        /// Its width.
        package static let width = 64
        /// Its height.
        package static let height = 95
    }

    /// Escaped text with each date (`2023-08-18 (Fri)`) kept on one line.
    static func keepingDatesWhole(_ escaped: String) -> String {
        escaped.replacing(/\d{4}-\d{2}-\d{2}( \([A-Z][a-z]{2}\))?/) { "<span class=\"date\">\($0.output.0)</span>" }
    }

    /// Text safe inside an element or a quoted attribute.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.append(TerminalText.sanitize(text)) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
        return escaped
    }

    private static let style = """

        :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #ffffff; --muted: #6e6e73; --line: #d2d2d7; --accent: #c2410c; }
        @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #161617; --muted: #a1a1a6; --line: #3a3a3c; --accent: #fb923c; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans KR", sans-serif; }
        main { max-width: 1100px; margin: 0 auto; padding: 16px; }
        h1 { font-size: 1.4em; margin: 0 0 12px; }
        p { margin: 6px 0; overflow-wrap: anywhere; }
        table { width: 100%; border-collapse: collapse; }
        th, td { padding: 6px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: middle; overflow-wrap: anywhere; }
        th { color: var(--muted); font-weight: 600; }
        .number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .spark { vertical-align: middle; }
        .up { color: #d70015; } .down { color: #0060df; }
        @media (prefers-color-scheme: dark) { .up { color: #ff6961; } .down { color: #6cb4ff; } }
        .date { white-space: nowrap; }
        img { width: 64px; height: auto; border-radius: 4px; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        @media (max-width: 640px) {
          thead { display: none; }
          table, tbody { display: block; width: 100%; }
          tr { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 2px 8px; border-bottom: 1px solid var(--line); padding: 8px 0; }
          td, td.number { display: block; border: none; padding: 0; text-align: left; white-space: normal; min-width: 0; }
          td.title { grid-column: 1 / -1; order: -1; font-size: 1.15em; font-weight: 700; }
          td.title::before { content: none; }
          td::before { content: attr(data-label); display: block; font-size: 0.75em; color: var(--muted); }
        }
        @media print { :root { --fg: #000; --bg: #fff; --muted: #444; --line: #999; --accent: #000; } main { max-width: none; } tr { break-inside: avoid; } }

        """
}
