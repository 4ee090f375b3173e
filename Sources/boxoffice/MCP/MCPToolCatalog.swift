import BoxOfficeCore

/// The tools `boxoffice mcp` offers, in the order `tools/list` shows them.
enum MCPToolCatalog {
    private typealias Argument = MCPTool.Argument

    private static let chartFilters = [
        Argument(name: "nation", kind: .string), Argument(name: "type", kind: .string),
        Argument(
            name: "region", kind: .string,
            description: "Only one region: an English name (seoul, busan, gyeonggi…), a Korean name (서울) or a 7-digit code."),
        Argument(name: "limit", kind: .integer(1...ChartFilter.maximumItemsPerPage)),
        Argument(name: "posters", kind: .boolean, description: "Add each movie's poster URL (the server needs a Kakao key)."),
        Argument(name: "from", kind: .date, description: "First day of a range (with 'to'); the result is then {\"charts\": [...]}."),
        Argument(name: "to", kind: .date, description: "Last day of a range (with 'from')."),
        keepGoing,
    ]

    private static let keepGoing = Argument(
        name: "keep-going", kind: .boolean,
        description:
            "In a range, answer with the days that arrived even if others failed: each missing one is {\"missing\": true, \"error\"} in its place, and the text says which."
    )

    private static let listArguments = [
        Argument(name: "page", kind: .integer(ListOptions.pages)),
        Argument(name: "limit", kind: .integer(ListOptions.pageSizes)),
    ]

    private static func code(_ kind: String, required: Bool = true) -> Argument {
        Argument(name: "code", kind: .string, description: "The KOBIS \(kind) code.", isPositional: true, isRequired: required)
    }

    static let tools: [MCPTool] = [
        MCPTool(
            name: "daily_box_office", title: "Daily box office (Korea)",
            description:
                "Korea's official daily box-office chart (KOBIS) for one day: rank, rank change, audience and sales of the day and to date, screens and shows. Defaults to yesterday in Seoul. Example: {\"date\": \"2023-08-18\", \"nation\": \"korean\", \"limit\": 5}.",
            command: ["daily"],
            arguments: [Argument(name: "date", kind: .date, description: "The day to show (default yesterday).")] + chartFilters,
            output:
                "The chart as `boxoffice daily --format json` prints it: kind, startDate, endDate, filters and movies[] (rank, rankChange, code, title, openDate, audience, sales, screens, shows…)."
        ),
        MCPTool(
            name: "weekly_box_office", title: "Weekly box office (Korea)",
            description:
                "Korea's official weekly box-office chart for a week that has ended: Monday–Sunday, the weekend (Friday–Sunday) or weekdays (Monday–Thursday). Example: {\"date\": \"2023-08-13\", \"period\": \"weekend\"}.",
            command: ["weekly"],
            arguments: [
                Argument(name: "date", kind: .date, description: "A day in the week to show (default the latest week that has ended)."),
                Argument(name: "period", kind: .string),
            ] + chartFilters,
            output: "The chart as `boxoffice weekly --format json` prints it, with yearWeek and period."),
        MCPTool(
            name: "movie_details", title: "Movie details",
            description:
                "A movie's details from KOBIS by its movie code: titles, running time, production and opening dates, nations, genres, directors, actors, companies, audit ratings. Find codes with search_movies or in a chart. Example: {\"code\": \"20124079\"}.",
            command: ["movie"], arguments: [code("movie")],
            output: "The movie as `boxoffice movie --format json` prints it."),
        MCPTool(
            name: "search_movies", title: "Search movies",
            description:
                "Find movies and their KOBIS codes by part of the title, director, opening or production years. Example: {\"title\": \"밀수\"} or {\"director\": \"봉준호\", \"year\": 2019}.",
            command: ["search"],
            arguments: [
                Argument(name: "title", kind: .string, description: "Part of the title (Korean or as KOBIS knows it).", isPositional: true),
                Argument(name: "director", kind: .string), Argument(name: "year", kind: .integer(SearchCommand.years)),
                Argument(name: "opened-from", kind: .integer(SearchCommand.years)), Argument(name: "opened-to", kind: .integer(SearchCommand.years)),
                Argument(name: "made-from", kind: .integer(SearchCommand.years)), Argument(name: "made-to", kind: .integer(SearchCommand.years)),
                Argument(name: "nation", kind: .string), Argument(name: "type", kind: .string),
            ] + listArguments,
            output: "The page of results as `boxoffice search --format json` prints it: totalCount, page and movies[]."),
        MCPTool(
            name: "search_people", title: "Search people",
            description:
                "Find directors, actors and crew and their KOBIS person codes by part of the name, or by a film they worked on. Example: {\"name\": \"송강호\"}.",
            command: ["people"],
            arguments: [
                Argument(name: "name", kind: .string, description: "Part of the name.", isPositional: true),
                Argument(name: "filmography", kind: .string),
            ] + listArguments,
            output: "The page of results as `boxoffice people --format json` prints it."),
        MCPTool(
            name: "person_details", title: "Person details",
            description: "A person's details and films from KOBIS by person code (find it with search_people). Example: {\"code\": \"10001\"}.",
            command: ["person"], arguments: [code("person")],
            output: "The person as `boxoffice person --format json` prints it."),
        MCPTool(
            name: "search_companies", title: "Search film companies",
            description:
                "Find film companies (distributors, producers…) and their KOBIS codes by part of the name, the chief executive or the part. Example: {\"name\": \"쇼박스\"}.",
            command: ["companies"],
            arguments: [
                Argument(name: "name", kind: .string, description: "Part of the company's name.", isPositional: true),
                Argument(name: "ceo", kind: .string), Argument(name: "part", kind: .string),
            ] + listArguments,
            output: "The page of results as `boxoffice companies --format json` prints it."),
        MCPTool(
            name: "company_details", title: "Film company details",
            description:
                "A film company's details and films from KOBIS by company code (find it with search_companies). Example: {\"code\": \"20122497\"}.",
            command: ["company"], arguments: [code("company")],
            output: "The company as `boxoffice company --format json` prints it."),
        MCPTool(
            name: "code_list", title: "KOBIS code list",
            description:
                "A KOBIS common-code group: the region codes for region filters, movie types, nations, company parts. Example: {\"group\": \"regions\"}.",
            command: ["codes"],
            arguments: [
                Argument(
                    name: "group", kind: .string,
                    description: "A group: \(SharedOptions.list(CodeGroup.allCases.map(\.rawValue), lastSeparator: " or ")), or a raw KOBIS comCode.",
                    isPositional: true, isRequired: true)
            ],
            output: "The group as `boxoffice codes --format json` prints it."),
        MCPTool(
            name: "movie_poster", title: "Movie poster",
            description:
                "The best poster image URL for a movie, found on Kakao image search from its KOBIS title (the server needs a Kakao key). Example: {\"code\": \"20124079\"}.",
            command: ["poster"], arguments: [code("movie")],
            output: "The poster as `boxoffice poster --format json` prints it: the movie and the image's URL, size and source."),
        MCPTool(
            name: "box_office_report", title: "Box-office report",
            description:
                "The morning report for a day: the top 10 with rank moves against the day before and the same weekday a week earlier, audience trends over the last days, new entries and milestones. Example: {\"date\": \"yesterday\", \"days\": 7}.",
            command: ["report"],
            arguments: [
                Argument(name: "date", kind: .date, description: "The day to report on (default yesterday)."),
                Argument(name: "days", kind: .integer(DailyReport.dayRange)),
                Argument(name: "posters", kind: .boolean, description: "Add each movie's poster URL (the server needs a Kakao key)."),
            ],
            output: "The report as `boxoffice report --format json` prints it."),
        MCPTool(
            name: "movie_trend", title: "Movie trend",
            description:
                "A movie's run: its rank, audience and sales each day it was in the daily top 10, from its opening (or 'from') for up to a year. Example: {\"code\": \"20218541\", \"from\": \"2023-07-26\", \"to\": \"2023-08-31\"}.",
            command: ["trend"],
            arguments: [
                code("movie"),
                Argument(name: "from", kind: .date, description: "First day (default the opening date)."),
                Argument(name: "to", kind: .date, description: "Last day (default a year after the first day, or yesterday)."),
                keepGoing,
            ],
            output: "The trend as `boxoffice trend --format json` prints it."),
        MCPTool(
            name: "api_quota", title: "API quota used today",
            description:
                "How many KOBIS and Kakao calls this machine's boxoffice has made today (Seoul) against the daily limits. Cached answers cost nothing. Example: {}.",
            command: ["quota"], arguments: [],
            output: "The counts as `boxoffice quota --format json` prints them."),
    ]

    static func tool(named name: String) -> MCPTool? {
        tools.first { $0.name == name }
    }
}
