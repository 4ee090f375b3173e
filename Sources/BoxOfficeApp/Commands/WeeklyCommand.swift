import BoxOfficeCore

/// `boxoffice weekly`: the weekly chart of a week or a range of weeks.
package enum WeeklyCommand {
    static let spec = CommandSpec(
        name: "weekly", abstract: "Show the weekly box-office chart.",
        discussion:
            "Shows the Monday-to-Sunday week that contains <date> (or its weekend or weekdays). <date> is YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd. A range (--from/--to) holds the periods that start in it; those not ended yet are left out, with a warning.",
        examples: [
            "boxoffice weekly", "boxoffice weekly --date 20230813 --period weekend",
            "boxoffice weekly --from 2023-07-01 --to 2023-08-31 --format jsonl",
        ],
        options: [
            OptionSpec(
                name: .date, short: "d", kind: .date, help: "A day in the week to show.", defaultValue: .described("the latest week that has ended")),
            OptionSpec(
                name: .period, kind: .choice(WeekPeriod.allCases.map(\.rawValue)), valueName: "period",
                help: "week (Mon–Sun), weekend (Fri–Sun) or weekdays (Mon–Thu).", defaultValue: .value(WeekPeriod.week.rawValue)),
        ] + ChartCommand.filterOptions + [SharedOptions.fields(ChartCommand.fieldNames(.weekly(.week), withPosters: true))],
        outputSchema: ChartsOutput.jsonSchema(kinds: WeekPeriod.allCases.map(\.rawValue)),
        tool: ToolDeclaration(
            name: "weekly_box_office", title: "Weekly box office (Korea)",
            description:
                "Korea's official weekly box-office chart for a week that has ended: Monday–Sunday, the weekend (Friday–Sunday) or weekdays (Monday–Thursday). Example: {\"date\": \"2023-08-13\", \"period\": \"weekend\"}.",
            options: [.date, .period, .nation, .type, .region, .limit, .posters, .from, .to, .keepGoing]),
        make: { reader throws(UsageError) in try ChartCommand(reader, isWeekly: true) })
}
