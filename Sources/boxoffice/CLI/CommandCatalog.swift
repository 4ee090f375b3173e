import BoxOfficeApp
import BoxOfficeCore

/// Every command `boxoffice` has: the one list parsing, help and completions derive from.
enum CommandCatalog {
    static let root = CommandSpec(
        name: "boxoffice",
        abstract: Words(
            "Korea's official box office (KOBIS) and movie posters (Kakao) in your terminal.", "영화진흥위원회 공식 박스오피스(KOBIS)와 영화 포스터(카카오)를 터미널에서."),
        discussion: Words(
            "Keys come from KOBIS_API_KEY and KAKAO_REST_API_KEY, or from `boxoffice config set`.",
            "키는 KOBIS_API_KEY와 KAKAO_REST_API_KEY, 또는 `boxoffice config set`으로 저장한 것을 씁니다."),
        examples: [
            "boxoffice daily", "boxoffice daily --date 20230818 --format json", "boxoffice report --format markdown",
            "boxoffice movie 20124079", "boxoffice daily --replay Fixtures --date 20230818",
        ],
        options: [
            OptionSpec(name: .version, help: Words("Show the version.", "버전 보기.")),
            OptionSpec(
                name: .lang, kind: .choice(["ko", "en"]), valueName: "ko|en",
                help: Words(
                    "The language of help, messages and reports, wherever it stands among the arguments.", "도움말, 메시지, 리포트의 언어. 인자 가운데 어디에 두어도 됩니다."),
                defaultValue: .described(
                    Words(
                        "BOXOFFICE_LANG, else Korean when LANGUAGE, LC_ALL, LC_MESSAGES or LANG says ko in UTF-8, else English",
                        "BOXOFFICE_LANG, 없으면 LANGUAGE, LC_ALL, LC_MESSAGES 또는 LANG: ko(UTF-8)일 때 한국어, 그 밖에는 영어")),
                standsAnywhere: true),
            OptionSpec(
                name: .quiet, short: "q",
                help: Words(
                    "Say nothing on stderr but warnings and errors: no \"Wrote FILE.\", no progress (for cron logs), wherever it stands.",
                    "표준 오류에는 경고와 오류만 씁니다. \"…에 썼습니다.\"도 진행 상황도 없습니다(cron 로그용). 인자 어디에 두어도 됩니다."),
                standsAnywhere: true),
            OptionSpec(
                name: .noPager,
                help:
                    Words(
                        "Write to the terminal directly rather than through the pager (BOXOFFICE_PAGER, else PAGER, else less -FRX), wherever it stands.",
                        "페이저(BOXOFFICE_PAGER, 없으면 PAGER, 없으면 less -FRX)를 거치지 않고 터미널에 바로 씁니다. 인자 어디에 두어도 됩니다."),
                standsAnywhere: true),
        ],
        // The application's commands, then the command line's own (the hidden code-names is
        // among the first, so help and completions list these last as before).
        subcommands: Commands.all + [
            Subcommand("completion", CompletionCommand.spec), Subcommand(MCPCommand.name, MCPCommand.spec), Subcommand("help", HelpCommand.spec),
        ])

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
