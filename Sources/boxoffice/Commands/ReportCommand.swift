import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice report`: the morning report of a day, for a mail body, a chat, a web page or a script.
struct ReportCommand: RunnableCommand {
    let date: KSTDate
    let days: Int
    let withPosters: Bool
    let embedsPosters: Bool
    let output: String?
    let network: NetworkOptions

    /// `--output -`: the report on stdout, as `curl -o -` has it.
    static let standardOutput = "-"

    static let formats: [OutputFormat] = [.text, .markdown, .html, .json]

    static let spec = CommandSpec(
        name: "report", abstract: "Write the morning report: the top 10 with moves, trends, new entries and milestones.",
        discussion: "Reads the daily charts of <date> and the days before it (settled days come from the cache, so a daily cron costs one or two calls) and the same weekday a week earlier.",
        examples: ["boxoffice report", "boxoffice report --date 20230818 --format markdown",
                   "boxoffice report --format html --posters --output /var/www/boxoffice.html"],
        options: [
            OptionSpec(name: .date, short: "d", valueName: "date", help: "The day to report on.", defaultValue: "yesterday"),
            OptionSpec(name: .days, valueName: "n", help: "Days each trend covers, \(DailyReport.dayRange.lowerBound) to \(DailyReport.dayRange.upperBound).",
                       defaultValue: String(DailyReport.defaultDays)),
            SharedOptions.format(formats, default: .text),
            OptionSpec(name: .posters, help: "Add each movie's poster (needs KAKAO_REST_API_KEY)."),
            OptionSpec(name: .embedPosters, help: "With --format html, download the posters into the page so mail clients show them."),
            OptionSpec(name: .output, short: "o", valueName: "file", help: "Write the report to <file> atomically instead of stdout (- is stdout).", completion: .paths),
        ] + SharedOptions.network.filter { !$0.isNamed(.format) },
        make: { reader throws(UsageError) in try ReportCommand(reader) })

    init(_ reader: OptionReader) throws(UsageError) {
        date = try reader.date(.date) ?? reader.today.adding(days: -1)
        days = try reader.integer(.days, in: DailyReport.dayRange) ?? DailyReport.defaultDays
        network = try NetworkOptions(reader, defaultFormat: .text)
        embedsPosters = reader.flag(.embedPosters)
        withPosters = reader.flag(.posters) || embedsPosters
        guard !embedsPosters || network.format == .html else { throw reader.error("--embed-posters is for --format html.") }
        output = reader.value(.output)
    }

    func run(in runner: Runner) async throws -> Data {
        if let output, output != Self.standardOutput { try OutputFile.check(output) }
        let client = try runner.makeClient(network, needs: withPosters ? [.kobis, .kakao] : [.kobis])
        var report = try await client.report(on: date, days: days, withPosters: withPosters)
        if embedsPosters {
            // No download may bring more than the whole page may embed.
            var policy = TransferPolicy.image
            policy.maximumBytes = min(policy.maximumBytes, DailyReport.embeddedPosterBudget)
            let downloader = ImageDownloader(loader: runner.transport(policy, timeout: network.timeout), timeout: network.timeout)
            let embedded = await report.embeddingPosters(with: downloader)
            report = embedded.report
            if embedded.leftAsLinks > 0 {
                let mebibytes = DailyReport.embeddedPosterBudget / (1024 * 1024)
                let posters = embedded.leftAsLinks == 1 ? "1 poster stays a link" : "\(embedded.leftAsLinks) posters stay links"
                runner.context.warn("\(posters): the images embedded in a page may take \(mebibytes) MiB in all.")
            }
        }
        let text = DocumentWriter.write(ReportOutput(report, withPosters: withPosters), format: network.format, style: runner.style(network))
        guard let output, output != Self.standardOutput else { return self.text(text) }
        Signals.arm()
        try OutputFile.write(Data(utf8: text), toPath: output)
        runner.context.log("Wrote the report of \(date.iso) to \(output).")
        return Data()
    }
}
