import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice quota`: today's calls against the daily limits.
package struct QuotaCommand: RunnableCommand {
    let format: OutputFormat
    let color: ColorChoice

    static let spec = CommandSpec(
        name: "quota", abstract: Words("Show today's API calls against the daily limits.", "오늘의 API 호출 수를 일일 한도와 함께 보여 줍니다."),
        examples: ["boxoffice quota"], options: SharedOptions.printing,
        outputSchema: QuotaOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "api_quota", title: "API quota used today",
            description:
                "How many KOBIS and Kakao calls this machine's boxoffice has made today (Seoul) against the daily limits. Cached answers cost nothing. Example: {}.",
            options: []),
        make: { reader throws(UsageError) in QuotaCommand(format: try reader.format(), color: try reader.color()) })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let today = state.context.today
        let path = state.paths.quotaFile.path
        let counts: [APIService: Int]
        do {
            switch try state.quota.reading(on: today) {
            case .counts(let read):
                counts = read
            case .unreadable:
                state.context.warn(
                    bilingual(
                        "the quota ledger \(path) is unreadable; today's count is shown as zero.",
                        "호출 장부 \(path, particle: .object) 읽을 수 없어 오늘의 호출 수를 0으로 보여 줍니다."))
                counts = [:]
            }
        } catch BoxOfficeError.quotaLedgerUnavailable(_, let reason) {
            throw LedgerUnreadable(path: path, reason: reason)
        }
        return .data(QuotaOutput(day: today, counts: counts), format: format, color: color)
    }
}

/// The ledger is there but cannot be read (a FIFO or a folder in its place, no permission): what
/// `quota` says, where the library's words for it speak of a request not sent (exit 73, as for
/// every run the same ledger stops).
package struct LedgerUnreadable: ReportableError {
    let path: String
    let reason: Words

    package var message: String {
        let path = TerminalText.sanitize(path)
        return bilingual(
            "The call count in \(path) cannot be read (\(TerminalText.sanitize(reason.english))). Make it a regular file you can read and write.",
            "\(path)의 호출 수를 읽을 수 없습니다(\(TerminalText.sanitize(reason.korean))). 읽고 쓸 수 있는 일반 파일로 만드세요.")
    }
}
