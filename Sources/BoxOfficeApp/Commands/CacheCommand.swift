import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice cache path|stats|clear`.
package enum CacheCommand {
    static let spec = CommandSpec(
        name: "cache", abstract: Words("Inspect or clear the response cache.", "응답 캐시를 살펴보거나 비웁니다."),
        examples: ["boxoffice cache path", "boxoffice cache stats", "boxoffice cache clear"],
        subcommands: [Subcommand("path", Path.spec), Subcommand("stats", Stats.spec), Subcommand("clear", Clear.spec)])

    /// `cache path`.
    package struct Path: RunnableCommand {
        static let spec = CommandSpec(
            name: "path", abstract: Words("Print the cache folder.", "캐시 폴더를 출력합니다."), make: { _ throws(UsageError) in Path() })

        package func run(in state: CommandState) async throws -> CommandOutput {
            .text(state.paths.responses.path + "\n")
        }
    }

    /// `cache stats`.
    package struct Stats: RunnableCommand {
        let format: OutputFormat
        let color: ColorChoice

        static let spec = CommandSpec(
            name: "stats", abstract: Words("Count cached answers.", "캐시된 응답 수를 셉니다."), options: SharedOptions.printing,
            outputSchema: CacheStatisticsOutput.jsonSchema,
            make: { reader throws(UsageError) in Stats(format: try reader.format(), color: try reader.color()) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let statistics = ResponseCache(directory: state.paths.responses).statistics(now: state.context.now)
            let output = CacheStatisticsOutput(path: state.paths.responses.path, statistics: statistics)
            return .data(output, format: format, color: color)
        }
    }

    /// `cache clear`.
    package struct Clear: RunnableCommand {
        static let spec = CommandSpec(
            name: "clear", abstract: Words("Remove every cached answer.", "캐시된 응답을 모두 지웁니다."), make: { _ throws(UsageError) in Clear() })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let folder = state.paths.responses.path
            do {
                let count = try ResponseCache(directory: state.paths.responses).clear()
                state.context.note(
                    bilingual(
                        "Removed \(count) cached answer\(count == 1 ? "" : "s") from \(folder).", "\(folder)에서 캐시된 응답 \(count)개를 지웠습니다."))
                return .empty
            } catch {
                throw InternalError(
                    description: bilingual(
                        "Cannot clear the cache at \(folder).", "\(folder)의 캐시를 비울 수 없습니다."))
            }
        }
    }
}
