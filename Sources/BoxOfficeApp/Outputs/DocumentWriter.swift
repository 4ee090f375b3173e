import BoxOfficeCore
/// What a command returns for printing: a document for the formats people read and for CSV and
/// TSV, and its JSON contract.
package protocol Presentable: Sendable {
    /// The document behind table, TSV, CSV and Markdown.
    var document: Document { get }
    /// The whole output as one JSON value (`--format json`).
    var json: JSONValue { get }
    /// What `json` holds, declared beside it: a tool's `outputSchema`.
    static var jsonSchema: JSONSchema { get }
    /// One JSON value a line (`--format jsonl`).
    var jsonLines: [JSONValue] { get }
}

extension Presentable {
    /// By default one line holding the whole JSON value.
    package var jsonLines: [JSONValue] { [json] }
}

/// The one place a format picks its writer.
package enum DocumentWriter {
    /// The output in a format; with `fields` (`--fields`), only those fields, in that order.
    package static func write(
        _ output: some Presentable, format: OutputFormat, style: RenderStyle = RenderStyle(), envelope: MailEnvelope = MailEnvelope(),
        fields: [String]? = nil
    ) -> String {
        var document: Document { fields.map(output.document.selecting) ?? output.document }
        switch format {
        case .json: return output.json.serialized() + "\n"
        case .jsonl:
            let lines = fields.map { fields in output.jsonLines.map { $0.selecting(fields) } } ?? output.jsonLines
            return lines.map { $0.serialized(compact: true) + "\n" }.joined()
        case .csv, .tsv: return DelimitedWriter(format: format).write(document)
        case .markdown: return MarkdownWriter().write(document)
        case .table, .text: return TerminalWriter(style: style).write(document)
        case .html: return HTMLWriter().write(document)
        case .email: return MailMessage(envelope: envelope).write(document)
        case .slack: return SlackWriter().write(document)
        case .discord: return DiscordWriter().write(document)
        }
    }
}

package extension Cell {
    /// What text says of an image the page or message carries, in place of its bytes.
    static var attachedImage: String { bilingual("attached", "첨부") }

    /// How people read the cell, in a table or in Markdown.
    var humanText: String {
        switch self {
        case .text(let text), .film(let text, _): text ?? "-"
        case .list(let values): values.isEmpty ? "-" : values.joined(separator: ", ")
        case .count(let value): value.map(NumberText.grouped) ?? "-"
        // A whole number grouped as a count is (`-3,871`), any other as it is.
        case .decimal(let value):
            value.map { $0 == $0.rounded() && $0.magnitude < 1e15 ? NumberText.grouped(Int64($0)) : NumberText.decimal($0) } ?? "-"
        case .percentage(let value): value.map { NumberText.oneDecimal($0) + "%" } ?? "-"
        case .literal(let value): value
        case .date(let date): date?.iso ?? "-"
        case .rankChange(let change, _): change == .new ? bilingual(change.marker, "신규") : change.marker
        case .move(let text, _, _): text
        case .flag(let value): value ? bilingual("yes", "예") : bilingual("no", "아니요")
        case .sparkline(let values): Sparkline.text(values)
        case .image(_, .some): Self.attachedImage
        case .image(let address, nil): address.flatMap { WebAddress.isWeb($0) ? $0 : nil } ?? "-"
        }
    }

    /// Its colour at a terminal.
    var style: CellStyle {
        let change: RankChange
        switch self {
        case .rankChange(let rankChange, _), .move(_, let rankChange, _): change = rankChange
        default: return .plain
        }
        switch change {
        case .up: return .red
        case .down: return .blue
        case .same: return .plain
        case .new: return .bold
        }
    }
}
