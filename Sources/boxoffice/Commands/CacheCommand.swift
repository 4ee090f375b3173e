import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice cache path|stats|clear`.
enum CacheCommand {
    static let spec = CommandSpec(
        name: "cache", abstract: "Inspect or clear the response cache.",
        examples: ["boxoffice cache path", "boxoffice cache stats", "boxoffice cache clear"],
        subcommands: [Path.spec, Stats.spec, Clear.spec])

    /// `cache path`.
    struct Path: RunnableCommand {
        static let spec = CommandSpec(name: "path", abstract: "Print the cache folder.", make: { _ throws(UsageError) in Path() })

        func run(in runner: Runner) async throws -> Data {
            text(runner.paths.responses.path + "\n")
        }
    }

    /// `cache stats`.
    struct Stats: RunnableCommand {
        let format: OutputFormat
        let color: ColorChoice

        static let spec = CommandSpec(
            name: "stats", abstract: "Count cached answers.", options: [SharedOptions.format()] + SharedOptions.colors,
            make: { reader throws(UsageError) in Stats(format: try reader.format(), color: try reader.color()) })

        func run(in runner: Runner) async throws -> Data {
            let statistics = ResponseCache(directory: runner.paths.responses).statistics(now: runner.context.now)
            let output = CacheStatisticsOutput(path: runner.paths.responses.path, statistics: statistics)
            return text(DocumentWriter.write(output, format: format, style: runner.style(color)))
        }
    }

    /// `cache clear`.
    struct Clear: RunnableCommand {
        static let spec = CommandSpec(name: "clear", abstract: "Remove every cached answer.", make: { _ throws(UsageError) in Clear() })

        func run(in runner: Runner) async throws -> Data {
            let folder = runner.paths.responses.path
            do {
                let count = try ResponseCache(directory: runner.paths.responses).clear()
                runner.context.log("Removed \(count) cached answer\(count == 1 ? "" : "s") from \(folder).")
                return Data()
            } catch {
                throw InternalError(description: "Cannot clear the cache at \(folder).")
            }
        }
    }
}
