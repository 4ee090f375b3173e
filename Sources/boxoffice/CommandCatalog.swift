import BoxOfficeCore

/// Every command `boxoffice` has, with its options and examples.
enum CommandCatalog {
    static let formatOption = OptionSpec(
        name: "format", valueName: "format", help: "Output format: table, tsv, csv, json, jsonl or markdown. (default: table)",
        choices: OutputFormat.allCases.map(\.rawValue))
    static let colorOption = OptionSpec(
        name: "color", valueName: "when", help: "Colour tables: auto, always or never. (default: auto)", choices: ["auto", "always", "never"])

    /// Options every command that calls an API shares.
    static let networkOptions = [
        formatOption, colorOption,
        OptionSpec(name: "timeout", valueName: "seconds", help: "Give up on an attempt after this long. (default: 15)"),
        OptionSpec(name: "retries", valueName: "n", help: "Retry transient failures this many times. (default: 2)"),
        OptionSpec(name: "no-cache", help: "Neither read nor write the cache."),
        OptionSpec(name: "refresh", help: "Ignore cached answers and store fresh ones."),
        OptionSpec(name: "replay", valueName: "dir", help: "Answer from recorded responses in <dir> instead of the network."),
        OptionSpec(name: "record", valueName: "dir", help: "Write every response received to <dir>, in the layout --replay reads."),
        OptionSpec(name: "verbose", short: "v", help: "Tell on stderr what happens: cache hits, retries."),
        OptionSpec(name: "ignore-quota", help: "Send requests even past today's daily limit by boxoffice's count."),
    ]

    static let chartFilterOptions = [
        OptionSpec(name: "nation", valueName: "nation", help: "Only korean or foreign films.", choices: ChartFilter.Nation.allCases.map(\.rawValue)),
        OptionSpec(name: "type", valueName: "type", help: "Only commercial or independent films.", choices: ChartFilter.MovieType.allCases.map(\.rawValue)),
        OptionSpec(name: "region", valueName: "region", help: "Only one region: a name such as seoul or 서울, or its 7-digit code.",
                   choices: Region.all.map(\.englishName)),
        OptionSpec(name: "limit", valueName: "n", help: "Show the top <n> movies, 1 to 10. (default: 10)"),
        OptionSpec(name: "posters", help: "Add each movie's poster URL (needs KAKAO_REST_API_KEY)."),
        OptionSpec(name: "from", valueName: "date", help: "First day of a range (with --to)."),
        OptionSpec(name: "to", valueName: "date", help: "Last day of a range (with --from)."),
        OptionSpec(name: "jobs", short: "j", valueName: "n", help: "Requests in flight at once for ranges, 1 to 16. (default: 4)"),
    ]

    static let daily = CommandSpec(
        name: "daily", abstract: "Show the daily box-office chart.",
        discussion: "Dates are days in Korea (Asia/Seoul) whatever the machine's time zone. <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago).",
        examples: ["boxoffice daily", "boxoffice daily --date 20230818", "boxoffice daily --date -3d --format json",
                   "boxoffice daily --from 2023-08-01 --to 2023-08-31 --format csv > august.csv"],
        options: [OptionSpec(name: "date", short: "d", valueName: "date", help: "The day to show. (default: yesterday)")]
            + chartFilterOptions + networkOptions)

    static let weekly = CommandSpec(
        name: "weekly", abstract: "Show the weekly box-office chart.",
        discussion: "Shows the Monday-to-Sunday week that contains <date> (or its weekend or weekdays). <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd.",
        examples: ["boxoffice weekly", "boxoffice weekly --date 20230813 --period weekend", "boxoffice weekly --from 2023-07-01 --to 2023-08-31 --format jsonl"],
        options: [
            OptionSpec(name: "date", short: "d", valueName: "date", help: "A day in the week to show. (default: the latest week that has ended)"),
            OptionSpec(name: "period", valueName: "period", help: "week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu). (default: week)",
                       choices: WeekPeriod.allCases.map(\.rawValue)),
        ] + chartFilterOptions + networkOptions)

    static let movie = CommandSpec(
        name: "movie", abstract: "Show a movie's details.",
        examples: ["boxoffice movie 20124079", "boxoffice movie 20124079 --format json"],
        arguments: [ArgumentSpec(name: "movie-code", help: "The KOBIS movie code (find it with `boxoffice search`).")],
        options: networkOptions)

    static let search = CommandSpec(
        name: "search", abstract: "Find movies and their codes by title.",
        examples: ["boxoffice search 밀수", "boxoffice search 광해 --year 2012", "boxoffice search '' --director 봉준호"],
        arguments: [ArgumentSpec(name: "title", help: "Part of the title.")],
        options: [
            OptionSpec(name: "director", valueName: "name", help: "Part of a director's name."),
            OptionSpec(name: "year", valueName: "yyyy", help: "Only movies that opened in this year."),
            OptionSpec(name: "page", valueName: "n", help: "Page of results, from 1. (default: 1)"),
            OptionSpec(name: "limit", valueName: "n", help: "Results per page, 1 to 100. (default: 10)"),
        ] + networkOptions)

    static let images = CommandSpec(
        name: "images", abstract: "Search Kakao images.",
        examples: ["boxoffice images '밀수 영화 포스터'", "boxoffice images 밀수 --sort recency --limit 5 --format json"],
        arguments: [ArgumentSpec(name: "query", help: "What to search for.")],
        options: [
            OptionSpec(name: "sort", valueName: "order", help: "accuracy or recency. (default: accuracy)", choices: ImageSearchQuery.Sort.allCases.map(\.rawValue)),
            OptionSpec(name: "page", valueName: "n", help: "Page of results, 1 to 50. (default: 1)"),
            OptionSpec(name: "limit", valueName: "n", help: "Results per page, 1 to 80. (default: 10)"),
        ] + networkOptions)

    static let poster = CommandSpec(
        name: "poster", abstract: "Find a movie's poster.",
        discussion: "Looks up the title on KOBIS, then searches Kakao images for \"<title> 영화 포스터\" and prints the best image URL.",
        examples: ["boxoffice poster 20124079", "boxoffice poster 20124079 --download poster.jpg"],
        arguments: [ArgumentSpec(name: "movie-code", help: "The KOBIS movie code.")],
        options: [OptionSpec(name: "download", valueName: "path", help: "Save the image to <path>.")] + networkOptions)

    static let cache = CommandSpec(
        name: "cache", abstract: "Inspect or clear the response cache.",
        examples: ["boxoffice cache path", "boxoffice cache stats", "boxoffice cache clear"],
        subcommands: [
            CommandSpec(name: "path", abstract: "Print the cache folder."),
            CommandSpec(name: "stats", abstract: "Count cached answers.", options: [formatOption]),
            CommandSpec(name: "clear", abstract: "Remove every cached answer."),
        ])

    static let quota = CommandSpec(
        name: "quota", abstract: "Show today's API calls against the daily limits.",
        examples: ["boxoffice quota"], options: [formatOption])

    static let config = CommandSpec(
        name: "config", abstract: "Store API keys in the config file.",
        examples: ["printf %s \"$KEY\" | boxoffice config set kobis", "boxoffice config show"],
        subcommands: [
            CommandSpec(
                name: "set", abstract: "Read a key from standard input and store it.",
                arguments: [ArgumentSpec(name: "service", help: "kobis or kakao.")]),
            CommandSpec(name: "show", abstract: "Show where each key comes from, masked.", options: [formatOption]),
            CommandSpec(name: "path", abstract: "Print the config file's path."),
        ])

    static let completion = CommandSpec(
        name: "completion", abstract: "Print a shell completion script.",
        examples: ["boxoffice completion bash > /etc/bash_completion.d/boxoffice", "boxoffice completion zsh > ~/.zfunc/_boxoffice",
                   "boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish"],
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.")])

    static let help = CommandSpec(
        name: "help", abstract: "Show help for a command, or the exit codes.",
        examples: ["boxoffice help daily", "boxoffice help cache stats", "boxoffice help exit-codes"],
        arguments: [
            ArgumentSpec(name: "topic", help: "A command, or exit-codes.", isOptional: true),
            ArgumentSpec(name: "subcommand", help: "One of the command's subcommands.", isOptional: true),
        ])

    static let root = CommandSpec(
        name: "boxoffice", abstract: "Korea's official box office (KOBIS) and movie posters (Kakao) in your terminal.",
        discussion: "Keys come from KOBIS_API_KEY and KAKAO_REST_API_KEY, or from `boxoffice config set`.",
        examples: ["boxoffice daily", "boxoffice daily --date 20230818 --format json", "boxoffice movie 20124079",
                   "boxoffice daily --replay Fixtures --date 20230818"],
        options: [OptionSpec(name: "version", help: "Show the version.")],
        subcommands: [daily, weekly, movie, search, images, poster, cache, quota, config, completion, help])
}
