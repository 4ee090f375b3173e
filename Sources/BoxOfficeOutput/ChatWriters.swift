import BoxOfficeCore
/// What the chat writers share: the table's rows as text, without the columns a chat cannot show.
enum ChatText {
    /// Characters as the services count them, never fewer: UTF-16 code units.
    static func length(_ text: String) -> Int { text.utf16.count }

    /// `text` cut to `limit` characters, with `…` where it was cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard length(text) > limit else { return text }
        var kept = ""
        for character in text {
            guard length(kept) + String(character).utf16.count + 1 <= limit else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// The table without image columns: a chat shows no pictures inside text.
    static func withoutImages(_ table: Table) -> Table {
        let kept = table.columns.indices.filter { index in
            !table.rows.contains { row in if case .image = row[index] { return true } else { return false } }
        }
        var copy = table
        copy.columns = kept.map { table.columns[$0] }
        copy.rows = table.rows.map { row in kept.map { row[$0] } }
        return copy
    }
}

/// Writes a document as the JSON body of a Slack incoming-webhook post: a `text` fallback, a
/// header block, the table as aligned text inside a code block (Slack draws no tables, and
/// formats nothing inside a code block), each note as plain text. Within Slack's limits: at most
/// 50 blocks, a header of 150 characters, each section text of 3,000; `&`, `<` and `>` escaped
/// in every text, so no title can mention `<!channel>` or link.
package struct SlackWriter: Sendable {
    /// Slack's documented limits.
    package enum Limit {
        /// Blocks a message may have.
        package static let blocks = 50
        /// Characters of a section's text.
        package static let sectionText = 3000
        /// Characters of a header block's text.
        package static let headerText = 150
    }

    /// Characters a table line takes at most: fits Slack's message column on a laptop.
    static let tableWidth = 72

    /// Creates a writer.
    package init() {}

    /// `&`, `<` and `>` as Slack's entities.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.append(TerminalText.sanitize(text, keepingLineBreaks: true)) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: nil
            }
        }
        return escaped
    }

    /// The payload.
    package func write(_ document: Document) -> String {
        var blocks: [JSONValue] = []
        var fallback: String?
        for block in document.sections.flatMap(\.blocks) {
            switch block {
            case .heading(let text, _):
                fallback = fallback ?? Self.escape(ChatText.cut(TerminalText.sanitize(text), to: Limit.sectionText))
                blocks.append(.object([("type", .string("header")), ("text", Self.plainText(TerminalText.sanitize(text), limit: Limit.headerText))]))
            case .note(let text):
                blocks.append(
                    .object([("type", .string("section")), ("text", Self.plainText(TerminalText.sanitize(text), limit: Limit.sectionText))]))
            case .table(let table):
                blocks += codeBlocks(ChatText.withoutImages(table))
            case .card(let fields):
                let text = fields.map { "\($0.label): \($0.value)" }.joined(separator: "\n")
                blocks.append(
                    .object([
                        ("type", .string("section")),
                        ("text", Self.plainText(TerminalText.sanitize(text, keepingLineBreaks: true), limit: Limit.sectionText)),
                    ]))
            case .terminalLine:
                continue
            }
        }
        let payload = JSONValue.object([
            ("text", .string(fallback ?? "boxoffice")),
            ("blocks", .array(Array(blocks.prefix(Limit.blocks)))),
            ("unfurl_links", .bool(false)), ("unfurl_media", .bool(false)),
        ])
        return payload.serialized() + "\n"
    }

    /// Plain text, which Slack formats not at all, with its entities escaped all the same (Slack
    /// reads `&`, `<` and `>` as entities in every text); cut to `limit` before escaping, so the
    /// escaped text may take up to five times as long, within the limit a header or section has.
    private static func plainText(_ text: String, limit: Int) -> JSONValue {
        var kept = ChatText.cut(text, to: limit)
        while ChatText.length(escape(kept)) > limit { kept = ChatText.cut(kept, to: ChatText.length(kept) - 8) }
        return .object([("type", .string("plain_text")), ("text", .string(kept.isEmpty ? " " : escape(kept))), ("emoji", .bool(false))])
    }

    /// The table at a terminal's width, in code blocks of at most 3,000 characters each.
    private func codeBlocks(_ table: Table) -> [JSONValue] {
        let text = TerminalWriter(style: RenderStyle(terminalWidth: Self.tableWidth)).write(Document([Document.Section([.table(table)])]))
        // A backtick could close the code block; the look-alike ˋ cannot.
        let lines = text.split(separator: "\n").map { Self.escape(String($0).replacing("`", with: "ˋ")) }
        let fence = "```"
        var chunks: [[String]] = [[]]
        for line in lines {
            let line = ChatText.cut(line, to: Limit.sectionText - 2 * fence.count - 2)
            let current = chunks[chunks.count - 1]
            if ChatText.length((current + [line]).joined(separator: "\n")) + 2 * fence.count + 2 > Limit.sectionText {
                chunks.append([line])
            } else {
                chunks[chunks.count - 1].append(line)
            }
        }
        return chunks.filter { !$0.isEmpty }.map { chunk in
            .object([
                ("type", .string("section")),
                (
                    "text",
                    .object([
                        ("type", .string("mrkdwn")), ("text", .string(fence + "\n" + chunk.joined(separator: "\n") + "\n" + fence)),
                        ("verbatim", .bool(true)),
                    ])
                ),
            ])
        }
    }
}

/// Writes a document as the JSON body of a Discord webhook post: `content` of at most 2,000
/// characters, a line a row with the title in bold (Discord draws no tables), Markdown in API
/// text escaped with backslashes, mentions broken and disabled (`allowed_mentions` parses
/// nothing), link previews suppressed, no embeds.
package struct DiscordWriter: Sendable {
    /// Discord's documented limits.
    package enum Limit {
        /// Characters of `content`.
        package static let content = 2000
        /// Embeds a message may have.
        package static let embeds = 10
        /// Characters of all embeds together.
        package static let embedCharacters = 6000
    }

    /// `SUPPRESS_EMBEDS`: no link previews.
    static let suppressEmbeds: Int64 = 1 << 2
    /// The longest title kept on a line.
    static let titleLength = 60

    /// Creates a writer.
    package init() {}

    /// Text Discord shows as it is: Markdown characters escaped, `@` followed by a zero-width
    /// space so that `@everyone` never reads as a mention.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.append(TerminalText.sanitize(text)) { scalar in
            if scalar == "@" { return "@\u{200B}" }
            return "\\*_~`|><[]()#-:".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : nil
        }
        return escaped
    }

    /// The payload.
    package func write(_ document: Document) -> String {
        var leaving = 0
        var content = render(document, leavingOut: leaving)
        while ChatText.length(content) > Limit.content, leaving < 6 {
            leaving += 1
            content = render(document, leavingOut: leaving)
        }
        if ChatText.length(content) > Limit.content {
            var kept: [Substring] = []
            for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
                guard ChatText.length((kept + [line, "…"]).joined(separator: "\n")) <= Limit.content else { break }
                kept.append(line)
            }
            content = (kept + ["…"]).joined(separator: "\n")
        }
        let payload = JSONValue.object([
            ("content", .string(content)),
            ("allowed_mentions", .object([("parse", .array([]))])),
            ("flags", .integer(Self.suppressEmbeds)),
        ])
        return payload.serialized() + "\n"
    }

    /// The message, leaving out the columns of drop order up to `leaving`.
    private func render(_ document: Document, leavingOut leaving: Int) -> String {
        var lines: [String] = []
        for block in document.sections.flatMap(\.blocks) {
            switch block {
            case .heading(let text, _):
                lines.append("**\(Self.escape(text))**")
            case .note(let text):
                lines.append(Self.escape(text))
            case .table(let table):
                lines += rows(ChatText.withoutImages(table), leavingOut: leaving)
                lines.append("")
            case .card(let fields):
                lines += fields.map { "**\(Self.escape($0.label))** \(Self.escape($0.value))" }
            case .terminalLine:
                continue
            }
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: ["\n"])
    }

    /// A row a line: `1. **Title** · ▲2 (4) · Audience 112,934 · Trend ▅▇█`.
    private func rows(_ table: Table, leavingOut leaving: Int) -> [String] {
        let titleColumn = table.titleColumn
        let shown = table.columns.indices.filter { index in
            table.columns[index].title != nil && index != titleColumn && (table.columns[index].dropOrder.map { $0 > leaving } ?? true)
        }
        return table.rows.map { row in
            var parts: [String] = []
            for index in shown {
                let column = table.columns[index]
                let value = Self.escape(row[index].chatText)
                if index == shown.first, column.alignment == .right {
                    parts.append(value + "\\.")
                } else {
                    parts.append("\(Self.escape(column.title ?? "")) \(value)")
                }
            }
            if let titleColumn {
                let title = "**\(Self.escape(ChatText.cut(TerminalText.sanitize(row[titleColumn].humanText), to: Self.titleLength)))**"
                parts.insert(title, at: min(1, parts.count))
            }
            return parts.prefix(2).joined(separator: " ") + parts.dropFirst(2).map { " · " + $0 }.joined()
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}

extension Cell {
    /// How the cell reads in a chat line: a sparkline's gaps as no-break spaces that chats keep.
    var chatText: String {
        guard case .sparkline(let values) = self else { return humanText }
        return Sparkline.text(values, gap: "\u{00A0}")
    }
}
