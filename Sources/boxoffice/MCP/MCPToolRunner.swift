import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers a tool call by running its command as `boxoffice <command> … --format json` would,
/// with the CLI's state (cache, quota ledger, config file, keys, `BOXOFFICE_*`): the structured
/// result is the CLI's JSON, a failure the CLI's one-line message.
struct MCPToolRunner: Sendable {
    let context: ProcessContext
    let paths: Paths
    let quota: QuotaLedger
    /// Words of `boxoffice mcp`'s own command line every call inherits (`--timeout=20`…).
    let serverOptions: [String]
    /// The server's keys, read once for every call, and the redactor that scrubs them from any
    /// message, as the CLI's last line of defence does.
    let keys: KeyRing
    var redactor: SecretRedactor { keys.redactor }

    /// The `tools/call` result.
    func call(
        _ tool: MCPTool, arguments: JSONValue?, progress: (@Sendable (_ done: Int, _ total: Int) async -> Void)? = nil
    ) async -> JSONValue {
        let words: [String]
        do {
            words = try tool.commandLine(for: arguments, serverOptions: serverOptions)
        } catch {
            return Self.failure(error.message)
        }
        // A long-running server lives through midnight in Seoul: "yesterday" is read per call.
        var context = self.context
        context.now = context.clock()
        do {
            let invocation = try CommandLineParser.parse(words)
            let command = try CommandCatalog.command(for: invocation, today: context.today)
            var state = CommandState(context: context, quota: quota, paths: paths, keys: keys)
            state.progressNotifier = progress
            let output = try await state.run(command)
            return try Self.success(output)
        } catch let partial as PartialResult {
            // `keep-going`: what arrived is the answer, and what did not is said beside it.
            return (try? Self.success(partial.output, note: redactor.redact(partial.message))) ?? Self.failure(redactor.redact(partial.message))
        } catch {
            return Self.failure(redactor.redact(ErrorText.message(for: error)))
        }
    }

    /// The CLI's JSON as the structured content (a range's array inside `charts`, since the
    /// structured content is an object), repeated as text.
    private static func success(_ output: Data, note: String? = nil) throws -> JSONValue {
        let document = try JSONParser.parse(Array(output))
        let structured: JSONValue
        if case .object = document { structured = document } else { structured = .object([("charts", document)]) }
        let texts = [structured.serialized(compact: true)] + (note.map { [$0] } ?? [])
        return .object([
            ("content", .array(texts.map { .object([("type", .string("text")), ("text", .string($0))]) })),
            ("structuredContent", structured),
            ("isError", .bool(false)),
        ])
    }

    private static func failure(_ message: String) -> JSONValue {
        .object([
            ("content", .array([.object([("type", .string("text")), ("text", .string(message))])])),
            ("isError", .bool(true)),
        ])
    }
}
