import BoxOfficeCore
/// Every command the application has, whichever door it is asked through: the command line
/// lists them (with its own: help, completion, mcp) and `boxoffice mcp` offers those that
/// declare a tool.
package enum Commands {
    package static let all: [CommandSpec] = [
        DailyCommand.spec, WeeklyCommand.spec, ReportCommand.spec, TrendCommand.spec, TopCommand.spec, ShareCommand.spec, ArchiveCommand.spec,
        MovieCommand.spec, SearchCommand.spec, PeopleCommand.spec, PersonCommand.spec, CompaniesCommand.spec, CompanyCommand.spec,
        CodesCommand.spec, ImagesCommand.spec, PosterCommand.spec, CacheCommand.spec, QuotaCommand.spec, ConfigCommand.spec,
        CodeNamesCommand.spec,
    ]
}
