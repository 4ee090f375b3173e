import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice trend <movieCd>`: a movie's run, a day a row, from the daily charts.
package struct TrendCommand: RunnableCommand {
    let code: String
    let from: KSTDate?
    /// `--to` as given; without it the run ends a year after the first day, or yesterday if sooner.
    /// A --to before the opening is found out once the movie is known: a usage error (exit 64).
    let to: KSTDate?
    let jobs: Int
    /// Print the days that arrived even if others did not (exit 23).
    let keepsGoing: Bool
    let network: NetworkOptions

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = TrendOutput(MovieTrend(code: "", title: "")).document.fieldNames

    static let spec = CommandSpec(
        name: "trend",
        abstract: Words("Show a movie's run: its rank and audience each day it was in the top 10.", "영화의 흥행 추이: 10위 안에 든 날마다의 순위와 관객수를 보여 줍니다."),
        discussion:
            Words(
                "Reads the daily charts from the movie's opening (or --from) until it has been out of the top ten for a week, at most \(ChartQuery.longestDailyRange) days (up to yesterday), or of --from/--to; cached and archived days cost nothing.",
                "개봉일(또는 --from)부터 10위 밖으로 밀려난 지 일주일이 될 때까지(최대 \(ChartQuery.longestDailyRange)일, 어제까지), 또는 --from/--to 기간의 일별 박스오피스를 읽습니다. 캐시나 아카이브에 있는 날은 호출이 들지 않습니다."
            ),
        examples: ["boxoffice trend 20218541", "boxoffice trend 20218541 --from 20230726 --to 20230831 --format csv"],
        arguments: [ArgumentSpec(name: "movie-code", key: .code, help: Words("The KOBIS movie code.", "KOBIS 영화 코드."))],
        options: [
            OptionSpec(name: .from, kind: .date, help: Words("First day.", "첫날."), defaultValue: .described(Words("the opening date", "개봉일"))),
            OptionSpec(
                name: .to, kind: .date, help: Words("Last day.", "마지막 날."),
                defaultValue: .described(Words("a year after the first day, or yesterday if sooner", "첫날로부터 1년 뒤, 어제가 더 이르면 어제"))),
            OptionSpec(
                name: .jobs, short: "j", kind: .integer(ChartQuery.jobRange),
                help: Words(
                    "Requests in flight at once, 1 to \(ChartQuery.jobRange.upperBound).", "동시에 보내는 요청 수, 1~\(ChartQuery.jobRange.upperBound)."),
                defaultValue: .value(String(ChartQuery.defaultJobs))),
            OptionSpec(
                name: .keepGoing,
                help: Words(
                    "Print the days that arrived even if others failed: those are named on stderr and marked in JSON, and the run exits 23.",
                    "일부가 실패해도 받은 날은 출력합니다. 실패한 날은 stderr에 밝히고 JSON에 표시하며, 종료 코드는 23입니다."),
                toolHelp:
                    "Answer with the days that arrived even if others failed: each missing one is {\"missing\": true, \"error\"} in its place, and the text says which."
            ),
        ] + SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: TrendOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "movie_trend", title: "Movie trend",
            description:
                "A movie's run: its rank, audience and sales each day it was in the daily top 10, from its opening (or 'from') until it has been out of the top 10 for a week (at most a year), or to 'to'. Costs one KOBIS call for the movie's details and one a day, none for what the local archive or the cache holds: a run that ended soon after opening costs a dozen calls. Example: {\"code\": \"20218541\", \"from\": \"2023-07-26\", \"to\": \"2023-08-31\"}.",
            options: [.from, .to, .keepGoing]),
        make: { reader throws(UsageError) in
            let yesterday = reader.today.adding(days: -1)
            let to = try reader.date(.to)
            let from = try reader.date(.from)
            _ = try reader.range { try RangeRules.trendDays(from: from, to: to, yesterday: yesterday) }
            return TrendCommand(
                code: try reader.movieCode(), from: from, to: to,
                jobs: try reader.integer(.jobs) ?? ChartQuery.defaultJobs, keepsGoing: try reader.flag(.keepGoing),
                network: try NetworkOptions(reader, offering: Self.fieldNames))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let client = try state.makeClient(network, needs: [.kobis], servedBy: state.archiveToRead(network))
        let progress = state.progressLine(total: 0, unit: "days")
        let onDayFetched: @Sendable (Int, Int) async -> Void = { _, total in
            if total > 1 { await progress?.advance(of: total) }
        }
        let trend: MovieTrend
        let missing: [MissingChart]
        do {
            (trend, missing) =
                keepsGoing
                ? try await client.availableTrend(movieCode: code, from: from, to: to, jobs: jobs, onDayFetched: onDayFetched)
                : (try await client.trend(movieCode: code, from: from, to: to, jobs: jobs, onDayFetched: onDayFetched), [])
        } catch BoxOfficeError.invalidRange(let problem) {
            guard case .shell = state.caller else { throw BoxOfficeError.invalidRange(problem) }
            // Found once the movie's opening is known, but a usage error as any other: said with
            // the command's usage, as the documentation shows it.
            throw UsageError(ErrorText.message(for: BoxOfficeError.invalidRange(problem)), commandPath: ["trend"])
        }
        await progress?.finish()
        let reasons = missing.map { ($0, ErrorText.message(for: $0.error, caller: state.caller)) }
        let output = CommandOutput.data(TrendOutput(trend, missing: reasons.map { ($0.0.startDate, $0.1) }), network)
        guard reasons.isEmpty else { throw PartialResult(output: output, missing: reasons, total: trend.days.count + missing.count) }
        return output
    }
}
