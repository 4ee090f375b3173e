import BoxOfficeCore
/// What the chat writers share: the table's rows as text, without the columns a chat cannot show.
package enum ChatText {
    /// The longest title kept whole on a chat's line: past any real one (KOBIS's longest run to
    /// about a hundred characters), so only a hostile answer's is cut, and the message's own
    /// limits decide.
    static let titleLength = 300

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
/// header block, the table a line a row (`1. 콘크리트 유토피아 · Audience 112,934 · …`), which
/// needs no monospace font to line up and shows every title whole as a link to the film's KOBIS
/// page, each note as plain text. Within Slack's limits: at most 50 blocks, a header of 150
/// characters, each section text of 3,000; `&`, `<` and `>` escaped in every text, so no title can
/// mention `<!channel>` or link.
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
                blocks += rowSections(ChatText.withoutImages(table))
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

    /// Text in `mrkdwn` that reads as it is: entities escaped, and a zero-width space after each
    /// of `*`, `_`, `~` and `` ` `` (Slack has no escape for them), so none pairs into formatting.
    package static func literal(_ text: String) -> String {
        var kept = ""
        kept.append(escape(TerminalText.sanitize(text))) { scalar in
            "*_~`".unicodeScalars.contains(scalar) ? String(scalar) + "\u{200B}" : nil
        }
        return kept
    }

    /// The table a line a row, in `mrkdwn` sections of at most 3,000 characters each, every
    /// figure and title reading as it is and each title a link to the film's KOBIS page.
    private func rowSections(_ table: Table) -> [JSONValue] {
        var chunks: [[String]] = [[]]
        let lines = ChatText.rows(
            table, escape: Self.literal,
            title: { cell in
                let title = Self.literal(ChatText.cut(TerminalText.sanitize(cell.humanText), to: ChatText.titleLength))
                guard let film = cell.filmLink else { return title }
                return "<\(film.address)|\(title)>"
            })
        for line in lines {
            // A row is a rank, a title of at most 300 characters and figures: far within a section.
            let current = chunks[chunks.count - 1]
            if ChatText.length((current + [line]).joined(separator: "\n")) > Limit.sectionText {
                chunks.append([line])
            } else {
                chunks[chunks.count - 1].append(line)
            }
        }
        return chunks.filter { !$0.isEmpty }.map { chunk in
            .object([
                ("type", .string("section")),
                ("text", .object([("type", .string("mrkdwn")), ("text", .string(chunk.joined(separator: "\n"))), ("verbatim", .bool(true))])),
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
            // Each line that fits is kept, in order; only those that do not are left out, so a
            // long note costs itself and not the short ones after it.
            var kept: [Substring] = []
            for line in content.split(separator: "\n", omittingEmptySubsequences: false)
            where ChatText.length((kept + [line, "…"]).joined(separator: "\n")) <= Limit.content {
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

    /// A row a line: `1. **Title** · ▲2 (4) · Audience 112,934 · Trend ▅▇█`, the title a link
    /// to the film's KOBIS page (in angle brackets, so that Discord shows no preview of it).
    private func rows(_ table: Table, leavingOut leaving: Int) -> [String] {
        ChatText.rows(
            // `1\.`: a line that starts `1.` would be a Markdown list, renumbered.
            table, leavingOut: leaving, afterRank: "\\.", escape: Self.escape,
            title: { cell in
                let title = Self.escape(ChatText.cut(TerminalText.sanitize(cell.humanText), to: ChatText.titleLength))
                guard let film = cell.filmLink else { return "**\(title)**" }
                return "**[\(title)](<\(film.address)>)**"
            })
    }
}

package extension ChatText {
    /// A table a line a row: the first figure (the rank) and the title, then each other column
    /// with its name: `1. Title · ▲2 (4) · Audience 112,934 · Trend ▅▇█`; the columns of drop
    /// order up to `leaving` left out.
    static func rows(
        _ table: Table, leavingOut leaving: Int = 0, afterRank: String = ".", escape: (String) -> String, title: (Cell) -> String
    ) -> [String] {
        let titleColumn = table.titleColumn
        let shown = table.columns.indices.filter { index in
            table.columns[index].title != nil && index != titleColumn && (table.columns[index].dropOrder.map { $0 > leaving } ?? true)
        }
        return table.rows.map { row in
            var parts: [String] = []
            for index in shown {
                let column = table.columns[index]
                let value = escape(row[index].chatText)
                // A blank figure (no move, no opening date) says nothing in a line.
                guard index == shown.first || !["", "-"].contains(row[index].chatText.trimmed) else { continue }
                if index == shown.first, column.alignment == .right {
                    parts.append(value + afterRank)
                } else {
                    parts.append("\(escape(column.title ?? "")) \(value)")
                }
            }
            if let titleColumn { parts.insert(title(row[titleColumn]), at: min(1, parts.count)) }
            return parts.prefix(2).joined(separator: " ") + parts.dropFirst(2).map { " · " + $0 }.joined()
        }
    }
}

package extension String {
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}

package extension Cell {
    /// How the cell reads in a chat line: a sparkline's gaps as no-break spaces that chats keep.
    var chatText: String {
        guard case .sparkline(let values) = self else { return humanText }
        return Sparkline.text(values, gap: "\u{00A0}")
    }
}
