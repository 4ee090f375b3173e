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
        examples: ["boxoffice quota"], options: SharedOptions.printing,
        make: { reader throws(UsageError) in QuotaCommand(format: try reader.format(), color: try reader.color()) })

    func run(in state: CommandState) async throws -> Data {
        let today = state.context.today
        let ledger = QuotaLedger(file: state.paths.quotaFile)
        if ledger.reading(on: today) == .unreadable {
            state.context.warn("the quota ledger \(state.paths.quotaFile.path) is unreadable; today's count is shown as zero.")
        }
        return text(DocumentWriter.write(QuotaOutput(day: today, counts: ledger.counts(on: today)), format: format, style: state.style(color)))
    }
}
