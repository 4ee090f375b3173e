import BoxOfficeCore
/// What a command prints, before a format is chosen: sections of headings, tables of typed cells
/// and key/value cards. Each of table, TSV, CSV and Markdown is one writer of it; JSON is a
/// contract of its own per model (see `Presentable`).
package struct Document: Sendable {
    /// Parts shown one after another, a blank line between them in formats for people.
    package var sections: [Section]

    /// Creates a document.
    package init(_ sections: [Section]) {
        self.sections = sections
    }

    /// The sections written block by block, a blank line between them: how the formats for
    /// people lay a document out.
    func joined(_ write: (Block) -> String) -> String {
        sections.map { $0.blocks.map(write).joined() }.joined(separator: "\n")
    }

    /// One part: a chart with its heading, a movie's card and its machine row.
    package struct Section: Sendable {
        /// The parts, in order.
        package var blocks: [Block]

        /// Creates a section.
        package init(_ blocks: [Block]) {
            self.blocks = blocks
        }
    }

    /// One part of a section.
    package enum Block: Sendable {
        /// A heading: a line at a terminal, `###` in Markdown when `inMarkdown`.
        case heading(String, inMarkdown: Bool)
        /// A table.
        case table(Table)
        /// Labelled values for people: a card at a terminal, a two-column table in Markdown.
        case card([(label: String, value: String)])
        /// A line only the terminal shows, such as a footer.
        case terminalLine(String)
        /// A remark people read at a terminal and in Markdown (in italics there).
        case note(String)

        /// A card whose labels, declared in both languages like a column's heading, are written
        /// in the run's language.
        package static func card(labelled fields: [(label: Words, value: String)]) -> Block {
            .card(fields.map { ($0.label.text, $0.value) })
        }
    }
}

/// Rows of typed cells under columns that say which formats show them.
package struct Table: Sendable {
    /// The columns.
    package var columns: [Column]
    /// The rows, a cell per column.
    package var rows: [[Cell]]
    /// Whether the terminal shows it; some outputs say it another way there.
    package var isShownAtTerminal = true

    /// Creates a table.
    package init(columns: [Column], rows: [[Cell]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The column naming each row (the first that may be cut to fit), which people look for first.
    package var titleColumn: Int? {
        columns.firstIndex { $0.isTruncatable && $0.title != nil }
    }

    /// The same table, left out at a terminal.
    package var hiddenAtTerminal: Table {
        var table = self
        table.isShownAtTerminal = false
        return table
    }
}

/// A column of a table: its header for people (`title`), its header in CSV and TSV (`key`), or both.
package struct Column: Sendable {
    /// The header at a terminal and in Markdown; nil for a column only CSV and TSV show.
    package var title: String?
    /// The CSV and TSV header, a contract that only grows; nil for a column only people see.
    package var key: String?
    /// Numbers right, text left.
    package var alignment: TextAlignment
    /// Whether the column may be cut with "…" to fit the terminal.
    package var isTruncatable: Bool
    /// Whether its cells are shown whole at a terminal (URLs people copy).
    package var keepsWhole: Bool
    /// When a whole column must fit the terminal, columns are left out in this order.
    package var dropOrder: Int?

    /// A column people and machines both see.
    package init(
        _ title: Words?, key: String? = nil, alignment: TextAlignment = .left, isTruncatable: Bool = false, keepsWhole: Bool = false,
        dropOrder: Int? = nil
    ) {
        // Made as a document is written, so in the run's language.
        self.title = title?.text
        self.key = key
        self.alignment = alignment
        self.isTruncatable = isTruncatable
        self.keepsWhole = keepsWhole
        self.dropOrder = dropOrder
    }

    /// A column only CSV and TSV show.
    package static func machine(_ key: String) -> Column {
        Column(nil, key: key)
    }
}

/// The public page of a film on KOBIS (the Korean Film Council's box office site), which anyone
/// can open: no key, no session.
package enum KOBISPage {
    /// The film page of `code`, or nil for an empty code. The code goes in percent-encoded, as the
    /// client encodes a query's values, so whatever an answer holds stays the query's value.
    package static func film(_ code: String) -> String? {
        guard !code.isEmpty else { return nil }
        return "https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=" + BoxOfficeClient.percentEncode(code)
    }
}

extension Cell {
    /// The film's title and the address of its KOBIS page, for a writer that makes links.
    var filmLink: (title: String, address: String)? {
        guard case .film(let title?, let code?) = self, let address = KOBISPage.film(code) else { return nil }
        return (title, address)
    }
}

/// A typed value; each writer shows it its own way (a count grouped for people, plain in CSV).
package enum Cell: Sendable, Equatable {
    /// Text; nil shows as `-` for people and empty in CSV.
    case text(String?)
    /// A film's title, with its KOBIS code when there is one: text wherever text is read, a link
    /// to the film's KOBIS page wherever a reader can follow one (HTML, Markdown, Slack, Discord).
    case film(String?, code: String?)
    /// Text values: joined with `, ` for people and `; ` in CSV.
    case list([String])
    /// A whole number: `1,234` for people.
    case count(Int64?)
    /// A decimal number.
    case decimal(Double?)
    /// A number as its source holds it (an SQLite integer or real): written as it is everywhere,
    /// never grouped, never cut.
    case literal(String)
    /// A share in percent: `32.4%` for people, `32.4` in CSV.
    case percentage(Double?)
    /// A day.
    case date(KSTDate?)
    /// A rank change: `▲3` (in colour at a terminal) for people, the signed number in CSV.
    case rankChange(RankChange, intensity: Int)
    /// A rank change told in words of its own (`▲2 (4)`, `BACK`), coloured as the change.
    case move(String, change: RankChange, intensity: Int)
    /// Yes or no: `true` or `false` in CSV.
    case flag(Bool)
    /// A run of values drawn small: `▁▃▇` for people, an SVG line in HTML; nil is a gap.
    case sparkline([Int64?])
    /// An image: its address (shown in text when it is http or https, the image in HTML), and
    /// its bytes when the page or message carries it (`attached` in text).
    case image(String?, embedded: DownloadedImage? = nil)

    /// A count of any other integer type.
    package static func count(_ value: Int?) -> Cell {
        .count(value.map(Int64.init))
    }
}
