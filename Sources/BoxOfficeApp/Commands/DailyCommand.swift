import BoxOfficeCore

/// `boxoffice daily`: the daily chart of a day or a range of days.
package enum DailyCommand {
    static let spec = CommandSpec(
        name: "daily", abstract: Words("Show the daily box-office chart.", "일별 박스오피스를 보여 줍니다."),
        discussion:
            Words(
                "Dates are days in Korea (Asia/Seoul) whatever the machine's time zone. <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago).",
                "날짜는 컴퓨터의 시간대와 상관없이 한국(Asia/Seoul) 날짜입니다. <date>는 YYYYMMDD, YYYY-MM-DD, today, yesterday 또는 -Nd(N일 전)입니다."),
        examples: [
            "boxoffice daily", "boxoffice daily --date 20230818", "boxoffice daily --date -3d --format json",
            "boxoffice daily --from 2023-08-01 --to 2023-08-31 --format csv > august.csv",
        ],
        options: [OptionSpec(name: .date, short: "d", kind: .date, help: Words("The day to show.", "보여 줄 날짜."), defaultValue: .value("yesterday"))]
            + ChartCommand.filterOptions + [SharedOptions.fields(ChartCommand.fieldNames(.daily, withPosters: true))],
        outputSchema: ChartsOutput.jsonSchema(kinds: ["daily"]),
        tool: ToolDeclaration(
            name: "daily_box_office", title: "Daily box office (Korea)",
            description:
                "Korea's official daily box-office chart (KOBIS) for one day: rank, rank change, audience and sales of the day and to date, screens and shows. Defaults to yesterday in Seoul. Example: {\"date\": \"2023-08-18\", \"nation\": \"korean\", \"limit\": 5}.",
            options: [.date, .nation, .type, .region, .limit, .posters, .from, .to, .keepGoing]),
        make: { reader throws(UsageError) in try ChartCommand(reader, isWeekly: false) })
}
