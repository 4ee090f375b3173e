import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice quota`: today's calls against the daily limits.
struct QuotaCommand: RunnableCommand {
    let format: OutputFormat
    let color: ColorChoice

    static let spec = CommandSpec(
        name: "quota", abstract: "Show today's API calls against the daily limits.",
        examples: ["boxoffice quota"], options: [SharedOptions.format()] + SharedOptions.colors,
        make: { reader throws(UsageError) in QuotaCommand(format: try reader.format(), color: try reader.color()) })

    func run(in runner: Runner) async throws -> Data {
        let today = runner.context.today
        let ledger = QuotaLedger(file: runner.paths.quotaFile)
        if ledger.reading(on: today) == .unreadable {
            runner.context.warn("the quota ledger \(runner.paths.quotaFile.path) is unreadable; today's count is shown as zero.")
        }
        return text(DocumentWriter.write(QuotaOutput(day: today, counts: ledger.counts(on: today)), format: format, style: runner.style(color)))
    }
}
