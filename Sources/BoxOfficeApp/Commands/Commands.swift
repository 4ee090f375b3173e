import BoxOfficeCore
/// Every command the application has, whichever door it is asked through: the command line
/// lists them (with its own: help, completion, mcp) and `boxoffice mcp` offers those that
/// declare a tool.
package enum Commands {
    package static let all: [Subcommand] = [
        Subcommand("daily", DailyCommand.spec), Subcommand("weekly", WeeklyCommand.spec), Subcommand("report", ReportCommand.spec),
        Subcommand("trend", TrendCommand.spec), Subcommand("top", TopCommand.spec), Subcommand("share", ShareCommand.spec),
        Subcommand("archive", ArchiveCommand.spec), Subcommand("movie", MovieCommand.spec), Subcommand("search", SearchCommand.spec),
        Subcommand("people", PeopleCommand.spec), Subcommand("person", PersonCommand.spec), Subcommand("companies", CompaniesCommand.spec),
        Subcommand("company", CompanyCommand.spec), Subcommand("codes", CodesCommand.spec), Subcommand("images", ImagesCommand.spec),
        Subcommand("poster", PosterCommand.spec), Subcommand("cache", CacheCommand.spec), Subcommand("quota", QuotaCommand.spec),
        Subcommand("config", ConfigCommand.spec), Subcommand("__names", CodeNamesCommand.spec),
    ]
}
