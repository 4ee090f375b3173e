import BoxOfficeApp
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers a tool call by reading its arguments with the command's own reader and running the
/// command with the CLI's state (cache, quota ledger, config file, keys, `BOXOFFICE_*`) and the
/// server's network options: the structured result is the command's JSON, a failure its one line
/// in the model's words.
struct MCPToolRunner: Sendable {
    let context: ProcessContext
    let paths: Paths
    let quota: QuotaLedger
    /// `boxoffice mcp`'s own options (`--timeout 20`), which every call runs with.
    let options: NetworkOptions
    /// The server's keys, read once for every call, and the redactor that scrubs them from any
    /// message, as the CLI's last line of defence does.
    let keys: KeyRing
    let network: Network
    /// The language of its error texts (`boxoffice mcp --lang`); the JSON is the same in both.
    let language: Language
    var redactor: SecretRedactor { keys.redactor }

    /// The `tools/call` result.
    func call(
        _ tool: MCPTool, arguments: JSONValue?, progress: (@Sendable (_ done: Int, _ total: Int) async -> Void)? = nil
    ) async -> JSONValue {
        // Calls run on queues of their own, which no task-local value reaches: set it per call.
        await Language.$current.withValue(language) { await answer(tool, arguments: arguments, progress: progress) }
    }

    private func answer(
        _ tool: MCPTool, arguments: JSONValue?, progress: (@Sendable (_ done: Int, _ total: Int) async -> Void)?
    ) async -> JSONValue {
        // A long-running server lives through midnight in Seoul: "yesterday" is read per call.
        var context = self.context
        context.now = context.clock()
        do {
            guard let make = tool.command.make else { throw InternalError(description: "\(tool.name) has no command to run.") }
            let reader = OptionReader(source: try ToolArguments(tool, arguments: arguments), today: context.today, networkDefaults: options)
            let command = try make(reader)
            var state = CommandState(context: context, quota: quota, paths: paths, keys: keys, network: network)
            state.caller = .tool(tool)
            state.progressNotifier = progress
            return success(try await command.run(in: state))
        } catch let partial as PartialResult {
            // `keep-going`: what arrived is the answer, and what did not is said beside it.
            return success(partial.output, note: redactor.redact(partial.message))
        } catch {
            return Self.failure(redactor.redact(ErrorText.message(for: error, caller: .tool(tool))))
        }
    }

    /// The command's JSON, encoded once, as the structured content (a range's array inside
    /// `charts`, since the structured content is an object), repeated as text. Every string is
    /// scrubbed of the keys, as the CLI's last line of defence scrubs stdout.
    private func success(_ output: CommandOutput, note: String? = nil) -> JSONValue {
        guard case .data(let data, _) = output else { return Self.failure("Internal error: the command answered without data. Please report it.") }
        let structured = MCPTool.structuredContent(data.json.mappingStrings(redactor.redact))
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
