import BoxOfficeCore
/// Writes a document as HTML for mail clients, which drop `<style>`, SVG, scripts, `data:` URIs
/// and outside stylesheets: tables for layout and every style inline on its element, so the page
/// reads the same with its `<style>` removed; the trend in block characters; posters by https URL
/// or by `cid:` for the parts the message carries. A table keeps its main columns as cells and
/// gives the others a line of their own under the title, so that it fits a 390 px phone with no
/// stylesheet to hide them; Hangul titles break between words (`word-break: keep-all`).
package struct MailHTMLWriter: Sendable {
    /// A poster the message carries as a part.
    package struct Image: Sendable {
        /// The bytes and their kind.
        package var downloaded: DownloadedImage
        /// Its Content-ID, without angle brackets.
        package var contentID: String
        /// Its file name, `poster-1.jpg`.
        package var fileName: String
    }

    /// What follows `@` in each Content-ID, unique to the message.
    let contentIDDomain: String

    /// Creates a writer.
    package init(contentIDDomain: String) {
        self.contentIDDomain = contentIDDomain
    }

    private enum Palette {
        static let text = "#1d1d1f", muted = "#6e6e73", line = "#d2d2d7", accent = "#c2410c", up = "#d70015", down = "#0060df"
        static let font = "font-family:-apple-system,'Segoe UI','Noto Sans KR','Apple SD Gothic Neo','Malgun Gothic',Arial,sans-serif;"
    }

    /// The page; `images` gains the posters it names by `cid:`.
    package func write(_ document: Document, images: inout [Image]) -> String {
        let title =
            document.sections.lazy.flatMap(\.blocks).compactMap { block -> String? in
                if case .heading(let text, _) = block { return text }
                return nil
            }.first ?? "boxoffice"
        var body = ""
        for section in document.sections {
            for block in section.blocks { body += write(block, images: &images) }
        }
        return """
            <!DOCTYPE html>
            <html lang="ko">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLWriter.escape(title))</title>
            <style>
            @media (max-width: 600px) { .wrap { padding: 8px !important; } }
            </style>
            </head>
            <body style="margin:0;padding:0;background:#ffffff;color:\(Palette.text);\(Palette.font)font-size:15px;line-height:1.5;">
            <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background:#ffffff;">
            <tr><td class="wrap" style="padding:16px;\(Palette.font)color:\(Palette.text);">
            \(body)</td></tr>
            </table>
            </body>
            </html>

            """
    }

    private func write(_ block: Document.Block, images: inout [Image]) -> String {
        switch block {
        case .heading(let text, _):
            return
                "<h1 style=\"margin:0 0 12px;font-size:20px;line-height:1.3;font-weight:700;color:\(Palette.text);\">\(Self.datesWhole(text))</h1>\n"
        case .note(let text), .terminalLine(let text):
            return "<p style=\"margin:6px 0;color:\(Palette.text);\">\(Self.datesWhole(text))</p>\n"
        case .card(let fields):
            return "<table role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"border-collapse:collapse;\">\n"
                + fields.map {
                    "<tr><td style=\"padding:2px 12px 2px 0;color:\(Palette.muted);vertical-align:top;\">\(HTMLWriter.escape($0.label))</td><td style=\"padding:2px 0;\">\(HTMLWriter.escape($0.value))</td></tr>\n"
                }.joined() + "</table>\n"
        case .table(let table):
            return write(table, images: &images)
        }
    }

    /// Escaped text with each date on one line, by an inline style.
    private static func datesWhole(_ text: String) -> String {
        HTMLWriter.keepingDatesWhole(HTMLWriter.escape(text)).replacing("<span class=\"date\">", with: "<span style=\"white-space:nowrap;\">")
    }

    private func write(_ table: Table, images: inout [Image]) -> String {
        let shown = table.columns.indices.filter { table.columns[$0].title != nil }
        guard !shown.isEmpty else { return "" }
        let titleColumn = table.titleColumn
        // With a title to hang them on, the columns a narrow terminal gives up go under it.
        let under = titleColumn == nil ? [] : shown.filter { table.columns[$0].dropOrder != nil }
        let cells = shown.filter { !under.contains($0) }
        func attributes(_ index: Int, header: Bool) -> String {
            let column = table.columns[index]
            var style = "padding:6px 6px;border-bottom:1px solid \(Palette.line);vertical-align:middle;"
            style += column.alignment == .right ? "text-align:right;white-space:nowrap;" : "text-align:left;"
            if header { style += "color:\(Palette.muted);font-weight:600;font-size:13px;" }
            if !header, index == titleColumn { style += "font-weight:700;word-break:keep-all;overflow-wrap:anywhere;" }
            return " style=\"\(style)\""
        }
        let header = cells.map { "<th\(attributes($0, header: true))>\(HTMLWriter.escape(table.columns[$0].title ?? ""))</th>" }.joined()
        var rows = ""
        for row in table.rows {
            let title = titleColumn.map { row[$0].humanText } ?? ""
            rows += "<tr>"
            for index in cells {
                var content = html(row[index], title: title, images: &images)
                if index == titleColumn, !under.isEmpty {
                    let figures = under.filter { !row[$0].humanText.isEmpty && row[$0].humanText != "-" }.map { column in
                        if case .sparkline = row[column] { return html(row[column], title: title, images: &images) }
                        return "<span style=\"white-space:nowrap;\"><span style=\"color:\(Palette.muted);\">"
                            + HTMLWriter.escape(table.columns[column].title ?? "") + "</span> " + html(row[column], title: title, images: &images)
                            + "</span>"
                    }
                    content +=
                        "<div style=\"margin-top:2px;font-size:12px;font-weight:400;line-height:1.5;color:\(Palette.text);word-break:keep-all;\">"
                        + figures.joined(separator: " · ") + "</div>"
                }
                rows += "<td\(attributes(index, header: false))>\(content)</td>"
            }
            rows += "</tr>\n"
        }
        return """
            <table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;width:100%;margin:0 0 12px;">
            <thead><tr>\(header)</tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>

            """
    }

    private func html(_ cell: Cell, title: String, images: inout [Image]) -> String {
        switch cell {
        case .sparkline(let values):
            let label = HTMLWriter.escape(Sparkline.label(values))
            return
                "<span role=\"img\" aria-label=\"\(label)\" title=\"\(label)\" style=\"font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;color:\(Palette.accent);white-space:pre;letter-spacing:1px;\">\(HTMLWriter.escape(Sparkline.text(values, gap: "\u{00A0}")))</span>"
        case .film where cell.filmLink != nil:
            guard let film = cell.filmLink else { return "-" }
            return "<a href=\"\(HTMLWriter.escape(film.address))\" style=\"color:inherit;\">\(HTMLWriter.escape(film.title))</a>"
        case .image(let address, let embedded):
            guard let source = source(address, embedded, images: &images) else { return "-" }
            return
                "<img src=\"\(HTMLWriter.escape(source))\" alt=\"\(HTMLWriter.escape(title))\" width=\"\(HTMLWriter.Poster.width)\" height=\"\(HTMLWriter.Poster.height)\" style=\"display:block;width:\(HTMLWriter.Poster.width)px;height:\(HTMLWriter.Poster.height)px;border:0;\">"
        default:
            let text = HTMLWriter.escape(cell.humanText)
            switch cell.style {
            case .red: return "<span style=\"color:\(Palette.up);\">\(text)</span>"
            case .blue: return "<span style=\"color:\(Palette.down);\">\(text)</span>"
            case .bold: return "<strong>\(text)</strong>"
            case .plain: return text
            }
        }
    }

    /// Bytes the message carries as the `cid:` of a new part; else an https address as it is,
    /// which a mail client shows; nil for anything else an API sent, a `data:` URI among them.
    private func source(_ address: String?, _ embedded: DownloadedImage?, images: inout [Image]) -> String? {
        if let embedded {
            let number = images.count + 1
            let image = Image(
                downloaded: embedded, contentID: "poster-\(number)@\(contentIDDomain)", fileName: "poster-\(number).\(embedded.kind.fileExtension)")
            images.append(image)
            return "cid:" + image.contentID
        }
        guard let address, WebAddress.isSecure(address) else { return nil }
        return address
    }
}
