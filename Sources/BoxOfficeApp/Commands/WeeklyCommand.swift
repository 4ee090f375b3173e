import BoxOfficeCore

/// `boxoffice weekly`: the weekly chart of a week or a range of weeks.
package enum WeeklyCommand {
    static let spec = CommandSpec(
        name: "weekly", abstract: Words("Show the weekly box-office chart.", "주간 박스오피스를 보여 줍니다."),
        discussion:
            Words(
                "Shows the Monday-to-Sunday week that contains <date> (or its weekend or weekdays). <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd. A range (--from/--to) holds the periods that start in it; those not ended yet are left out, with a warning.",
                "<date>가 속한 월~일 한 주(또는 그 주말이나 주중)를 보여 줍니다. <date>는 YYYYMMDD, YYYY-MM-DD, today, yesterday 또는 -Nd입니다. 범위(--from/--to)에는 그 안에서 시작하는 기간이 들어가며, 아직 끝나지 않은 기간은 경고와 함께 뺍니다."
            ),
        examples: [
            "boxoffice weekly", "boxoffice weekly --date 20230813 --period weekend",
            "boxoffice weekly --from 2023-07-01 --to 2023-08-31 --format jsonl",
        ],
        options: [
            OptionSpec(
                name: .date, short: "d", kind: .date, help: Words("A day in the week to show.", "보여 줄 주에 속한 날짜."),
                defaultValue: .described(Words("the latest week that has ended", "끝난 가장 최근 주"))),
            OptionSpec(
                name: .period, kind: .choice(WeekPeriod.allCases.map(\.rawValue)), valueName: "period",
                help: Words("week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu).", "week(월~일), weekend(금~일) 또는 weekdays(월~목)."),
                defaultValue: .value(WeekPeriod.week.rawValue)),
        ] + ChartCommand.filterOptions + [SharedOptions.fields(ChartCommand.fieldNames(.weekly(.week), withPosters: true))],
        outputSchema: ChartsOutput.jsonSchema(kinds: WeekPeriod.allCases.map(\.rawValue)),
        tool: ToolDeclaration(
            name: "weekly_box_office", title: "Weekly box office (Korea)",
            description:
                "Korea's official weekly box-office chart for a week that has ended: Monday–Sunday, the weekend (Friday–Sunday) or weekdays (Monday–Thursday). Example: {\"date\": \"2023-08-13\", \"period\": \"weekend\"}.",
            options: [.date, .period, .nation, .type, .region, .limit, .posters, .from, .to, .keepGoing]),
        make: { reader throws(UsageError) in try ChartCommand(reader, isWeekly: true) })
}
