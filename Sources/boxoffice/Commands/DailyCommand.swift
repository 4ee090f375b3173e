import BoxOfficeCore
import BoxOfficeOutput

/// `boxoffice daily`: the daily chart of a day or a range of days.
enum DailyCommand {
    static let spec = CommandSpec(
        name: "daily", abstract: "Show the daily box-office chart.",
        discussion:
            "Dates are days in Korea (Asia/Seoul) whatever the machine's time zone. <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago).",
        examples: [
            "boxoffice daily", "boxoffice daily --date 20230818", "boxoffice daily --date -3d --format json",
            "boxoffice daily --from 2023-08-01 --to 2023-08-31 --format csv > august.csv",
        ],
        options: [OptionSpec(name: .date, short: "d", kind: .date, help: "The day to show.", defaultValue: .value("yesterday"))]
            + ChartCommand.filterOptions + [SharedOptions.fields(ChartCommand.fieldNames(.daily, withPosters: true))],
        outputSchema: ChartsOutput.jsonSchema(kinds: ["daily"]),
        make: { reader throws(UsageError) in try ChartCommand(reader, isWeekly: false) })
}
