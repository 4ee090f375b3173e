import BoxOfficeCore
/// The output formats every command offers.
package enum OutputFormat: String, Sendable, CaseIterable {
    /// An aligned table for people.
    case table
    /// Tab-separated values, with tabs and newlines inside fields escaped.
    case tsv
    /// RFC 4180 comma-separated values.
    case csv
    /// A JSON document.
    case json
    /// One JSON document per line (ranges).
    case jsonl
    /// A GitHub-flavoured Markdown table.
    case markdown
    /// Plain text aligned by display width, for a mail body (`report`).
    case text
    /// One self-contained HTML page (`report`).
    case html
    /// A whole mail message for `sendmail -t` (`report`).
    case email
    /// The JSON body of a Slack incoming-webhook post (`report`).
    case slack
    /// The JSON body of a Discord webhook post (`report`).
    case discord

    /// The formats data commands offer; `report` offers its own (`ReportCommand.formats`): text,
    /// markdown, html, email, slack, discord and json.
    package static let data: [OutputFormat] = [.table, .tsv, .csv, .json, .jsonl, .markdown]
}

/// How output for people looks.
package struct RenderStyle: Sendable {
    /// Whether ANSI colour may be used.
    package var usesColor: Bool
    /// The terminal's width, when output goes to one.
    package var terminalWidth: Int?
    /// Whether titles are never cut to fit the width: columns are left out instead, and a row that
    /// still does not fit is left long (a mail's text part, read once, where a cut title is lost).
    package var keepsTitlesWhole = false

    /// Creates a style.
    package init(usesColor: Bool = false, terminalWidth: Int? = nil, keepsTitlesWhole: Bool = false) {
        self.usesColor = usesColor
        self.terminalWidth = terminalWidth
        self.keepsTitlesWhole = keepsTitlesWhole
    }
}
