import BoxOfficeApp
import BoxOfficeCore

/// Every command `boxoffice` has: the one list parsing, help and completions derive from.
enum CommandCatalog {
    static let root = CommandSpec(
        name: "boxoffice", abstract: "Korea's official box office (KOBIS) and movie posters (Kakao) in your terminal.",
        discussion: "Keys come from KOBIS_API_KEY and KAKAO_REST_API_KEY, or from `boxoffice config set`.",
        examples: [
            "boxoffice daily", "boxoffice daily --date 20230818 --format json", "boxoffice report --format markdown",
            "boxoffice movie 20124079", "boxoffice daily --replay Fixtures --date 20230818",
        ],
        options: [
            OptionSpec(name: .version, help: "Show the version."),
            OptionSpec(
                name: .lang, kind: .choice(["ko", "en"]), valueName: "ko|en",
                help: "The language of help, messages and reports, wherever it stands among the arguments.",
                defaultValue: .described("BOXOFFICE_LANG, else Korean when LANGUAGE, LC_ALL, LC_MESSAGES or LANG says ko in UTF-8, else English"),
                standsAnywhere: true),
            OptionSpec(
                name: .quiet, short: "q",
                help: "Say nothing on stderr but warnings and errors: no \"Wrote FILE.\", no progress (for cron logs), wherever it stands.",
                standsAnywhere: true),
            OptionSpec(
                name: .noPager,
                help:
                    "Write to the terminal directly rather than through the pager (BOXOFFICE_PAGER, else PAGER, else less -FRX), wherever it stands.",
                standsAnywhere: true),
        ],
        // The application's commands, then the command line's own (the hidden code-names is
        // among the first, so help and completions list these last as before).
        subcommands: Commands.all + [CompletionCommand.spec, MCPCommand.spec, HelpCommand.spec])

    /// The command a parsed invocation asks for: help and `--version` first, then the spec's own
    /// constructor. A group named without a subcommand, or nothing at all, shows its help.
    static func command(for invocation: Invocation, today: KSTDate) throws(UsageError) -> any RunnableCommand {
        let path = invocation.path.dropFirst().map(\.name)
        if invocation.wantsHelp { return HelpCommand.Page(path: path) }
        if invocation.flags.contains(OptionName.version.rawValue) { return HelpCommand.Version() }
        guard let make = invocation.command.make else { return HelpCommand.Page(path: path) }
        let reader = OptionReader(source: invocation, today: today)
        return try FileOutput.wrapping(try make(reader), reader)
    }
}
