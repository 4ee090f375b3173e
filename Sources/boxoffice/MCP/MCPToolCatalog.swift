import BoxOfficeCore

/// The tools `boxoffice mcp` offers, in the order `tools/list` shows them: each a command and the
/// options a model may pass, nothing more.
enum MCPToolCatalog {
    static let tools: [MCPTool] = [
        MCPTool(
            name: "daily_box_office", title: "Daily box office (Korea)",
            description:
                "Korea's official daily box-office chart (KOBIS) for one day: rank, rank change, audience and sales of the day and to date, screens and shows. Defaults to yesterday in Seoul. Example: {\"date\": \"2023-08-18\", \"nation\": \"korean\", \"limit\": 5}.",
            command: DailyCommand.spec, options: [.date, .nation, .type, .region, .limit, .posters, .from, .to, .keepGoing]),
        MCPTool(
            name: "weekly_box_office", title: "Weekly box office (Korea)",
            description:
                "Korea's official weekly box-office chart for a week that has ended: Monday–Sunday, the weekend (Friday–Sunday) or weekdays (Monday–Thursday). Example: {\"date\": \"2023-08-13\", \"period\": \"weekend\"}.",
            command: WeeklyCommand.spec, options: [.date, .period, .nation, .type, .region, .limit, .posters, .from, .to, .keepGoing]),
        MCPTool(
            name: "movie_details", title: "Movie details",
            description:
                "A movie's details from KOBIS by its movie code: titles, running time, production and opening dates, nations, genres, directors, actors, companies, audit ratings. Find codes with search_movies or in a chart. Example: {\"code\": \"20124079\"}.",
            command: MovieCommand.spec, options: []),
        MCPTool(
            name: "search_movies", title: "Search movies",
            description:
                "Find movies and their KOBIS codes by part of the title, director, opening or production years. Example: {\"title\": \"밀수\"} or {\"director\": \"봉준호\", \"year\": 2019}.",
            command: SearchCommand.spec, options: [.director, .year, .openedFrom, .openedTo, .madeFrom, .madeTo, .nation, .type, .page, .limit]),
        MCPTool(
            name: "search_people", title: "Search people",
            description:
                "Find directors, actors and crew and their KOBIS person codes by part of the name, or by a film they worked on. Example: {\"name\": \"송강호\"}.",
            command: PeopleCommand.spec, options: [.filmography, .page, .limit]),
        MCPTool(
            name: "person_details", title: "Person details",
            description:
                "A person's details and films from KOBIS by person code (find it with search_people). Example: {\"code\": \"10001\"}.",
            command: PersonCommand.spec, options: []),
        MCPTool(
            name: "search_companies", title: "Search film companies",
            description:
                "Find film companies (distributors, producers…) and their KOBIS codes by part of the name, the chief executive or the part. Example: {\"name\": \"쇼박스\"}.",
            command: CompaniesCommand.spec, options: [.ceo, .part, .page, .limit]),
        MCPTool(
            name: "company_details", title: "Film company details",
            description:
                "A film company's details and films from KOBIS by company code (find it with search_companies). Example: {\"code\": \"20122497\"}.",
            command: CompanyCommand.spec, options: []),
        MCPTool(
            name: "code_list", title: "KOBIS code list",
            description:
                "A KOBIS common-code group: the region codes for region filters, movie types, nations, company parts. Example: {\"group\": \"regions\"}.",
            command: CodesCommand.spec, options: []),
        MCPTool(
            name: "movie_poster", title: "Movie poster",
            description:
                "The best poster image URL for a movie, found on Kakao image search from its KOBIS title (the server needs a Kakao key). Example: {\"code\": \"20124079\"}.",
            command: PosterCommand.spec, options: []),
        MCPTool(
            name: "box_office_report", title: "Box-office report",
            description:
                "The morning report for a day: the top 10 with rank moves against the day before and the same weekday a week earlier, audience trends over the last days, new entries and milestones. Example: {\"date\": \"yesterday\", \"days\": 7}.",
            command: ReportCommand.spec, options: [.date, .days, .posters]),
        MCPTool(
            name: "movie_trend", title: "Movie trend",
            description:
                "A movie's run: its rank, audience and sales each day it was in the daily top 10, from its opening (or 'from') until it has been out of the top 10 for a week (at most a year), or to 'to'. Costs one KOBIS call for the movie's details and one a day, none for what the local archive or the cache holds: a run that ended soon after opening costs a dozen calls. Example: {\"code\": \"20218541\", \"from\": \"2023-07-26\", \"to\": \"2023-08-31\"}.",
            command: TrendCommand.spec, options: [.from, .to, .keepGoing]),
        MCPTool(
            name: "box_office_top", title: "Top films of a period (archive)",
            description:
                "The films of a year, a month or any period ranked by audience (or sales), from the local box-office archive: no API call. A film's figure comes from KOBIS's running totals, from its first to its last day in the archived daily top 10s of the period (days outside the top 10 between them included; 'counts' says so); 'all_time' ranks by each film's latest running total. The answer names any days of the period the archive lacks. Example: {\"year\": 2023, \"limit\": 10}.",
            command: TopCommand.spec, options: [.year, .month, .from, .to, .allTime, .by, .limit, .strict], effect: .readsTheArchive),
        MCPTool(
            name: "box_office_share", title: "Share of a period by distributor, nation or genre (archive)",
            description:
                "Each distributor's, nation's or genre's share of a period's audience and sales, from the local box-office archive: no API call. Each film counts with its figure from KOBIS's running totals, as box_office_top ranks it. Example: {\"year\": 2023, \"by\": \"distributor\"}.",
            command: ShareCommand.spec, options: [.year, .month, .from, .to, .allTime, .by, .strict], effect: .readsTheArchive),
        MCPTool(
            name: "archive_status", title: "Box-office archive status",
            description:
                "What the local box-office archive holds: days (first, last, missing between them, unsettled), films, size and schema version. Example: {}.",
            command: ArchiveCommand.Status.spec, options: [], effect: .readsTheArchive),
        MCPTool(
            name: "archive_query", title: "Query the box-office archive (read-only SQL)",
            description:
                "One read-only SQLite statement on the local box-office archive; at most 1,000 rows and 2 s of work. Tables: daily_chart(day, position, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total, screens, shows; a film a day, ties share a rank, position is KOBIS's order), synced_days(day, fetched_at, settled), movies(code, title, title_english, open_date, production_year, genres, genre, nations, nation, grade, runtime, status, distributor, fetched_at), movie_companies(movie_code, position, company_code, name, part). Days are 'YYYY-MM-DD'. Rows come as objects keyed by column. Example: {\"sql\": \"SELECT title, SUM(audience) FROM daily_chart WHERE day LIKE '2023-%' GROUP BY movie_code ORDER BY 2 DESC LIMIT 5\"}.",
            command: ArchiveCommand.SQL.spec, options: [], effect: .readsTheArchive),
        MCPTool(
            name: "archive_sync", title: "Fill the box-office archive (spends KOBIS calls)",
            description:
                "Fills the local box-office archive with the daily charts it lacks from 'from' to 'to' (default: yesterday), spending KOBIS API calls: one a day not yet archived (three with 'wide', which adds KOBIS's lists of Korean and of foreign films: every film of the overall top 10 and ten more) and one for each film's details the first time it appears (none for what the cache holds). 'budget' is required: at most \(ArchiveCommand.Sync.toolBudgetCeiling) calls a call, and never more than today's quota leaves. Whole days only: a call cancelled or stopped at its budget keeps the days it stored, and the next call goes on. Sends progress notifications. Example: {\"from\": \"2023-08-01\", \"to\": \"2023-08-31\", \"budget\": 100}.",
            command: ArchiveCommand.Sync.spec, options: [.from, .to, .budget, .wide], effect: .fillsTheArchive),
        MCPTool(
            name: "api_quota", title: "API quota used today",
            description:
                "How many KOBIS and Kakao calls this machine's boxoffice has made today (Seoul) against the daily limits. Cached answers cost nothing. Example: {}.",
            command: QuotaCommand.spec, options: []),
    ]

    /// The tools a server offers: all of them, or with `readOnly` those that spend no call to write.
    static func tools(readOnly: Bool) -> [MCPTool] {
        readOnly ? tools.filter { $0.effect != .fillsTheArchive } : tools
    }

    static func tool(named name: String) -> MCPTool? {
        tools.first { $0.name == name }
    }

    /// The tool that runs the command, if any.
    static func tool(running command: CommandSpec) -> MCPTool? {
        tools.first { $0.command.name == command.name }
    }
}
