import BoxOfficeCore
import Foundation

/// `boxoffice trend <movieCd>`: a movie's run, a day a row, from the daily charts.
struct TrendCommand: RunnableCommand {
    let code: String
    let from: KSTDate?
    let to: KSTDate
    let jobs: Int
    let network: NetworkOptions

    static let spec = CommandSpec(
        name: "trend", abstract: "Show a movie's run: its rank and audience each day it was in the top 10.",
        discussion: "Reads the daily charts from the movie's opening (at most \(ChartQuery.longestDailyRange) days) to yesterday, or --from/--to; cached days cost nothing.",
        examples: ["boxoffice trend 20218541", "boxoffice trend 20218541 --from 20230726 --to 20230831 --format csv"],
        arguments: [ArgumentSpec(name: "movie-code", help: "The KOBIS movie code.")],
        options: [
            OptionSpec(name: "from", valueName: "date", help: "First day.", defaultValue: "the opening date"),
            OptionSpec(name: "to", valueName: "date", help: "Last day.", defaultValue: "yesterday"),
            OptionSpec(name: "jobs", short: "j", valueName: "n", help: "Requests in flight at once, 1 to \(ChartQuery.jobRange.upperBound).",
                       defaultValue: String(ChartQuery.defaultJobs)),
        ] + SharedOptions.network,
        make: { reader throws(UsageError) in
            let to = try reader.date("to") ?? reader.today.adding(days: -1)
            let from = try reader.date("from")
            if let from {
                guard from <= to else { throw reader.error("--from \(from.iso) is after --to \(to.iso).") }
                let days = to.days(since: from) + 1
                guard days <= ChartQuery.longestDailyRange else {
                    throw reader.error("The range covers \(days) days; at most \(ChartQuery.longestDailyRange) are allowed.")
                }
            }
            return TrendCommand(
                code: try reader.movieCode(), from: from, to: to,
                jobs: try reader.integer("jobs", in: ChartQuery.jobRange) ?? ChartQuery.defaultJobs, network: try NetworkOptions(reader))
        })

    func run(in runner: Runner) async throws -> Data {
        let client = try runner.makeClient(network, needs: [.kobis])
        let movie = try await client.movie(code: code)
        // From the opening, but never more than the longest range back from the last day.
        let earliest = to.adding(days: 1 - ChartQuery.longestDailyRange)
        let start = from ?? max(min(movie.openDate ?? to, to), earliest)
        let dates = (0...to.days(since: start)).map { start.adding(days: $0) }
        let unit = "days"
        let progress = dates.count > 1 && runner.context.stderrIsTerminal ? ProgressLine(total: dates.count, unit: unit) : nil
        let charts = try await ChartFetcher(client: client).charts(ChartQuery(span: .daily, dates: dates, jobs: jobs)) { await progress?.advance() }
        await progress?.finish()
        let output = TrendOutput(code: movie.code, title: movie.title, charts: Array(zip(dates, charts)).map { ($0.0, $0.1) })
        return text(DocumentWriter.write(output, format: network.format, style: runner.style(network)))
    }
}
