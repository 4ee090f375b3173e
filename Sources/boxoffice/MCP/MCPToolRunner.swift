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

    /// The most bytes of JSON a tool answers with (twice that on the wire: as text and as
    /// structured content). A model's context is the real limit, and a line this long leaves the
    /// server free to answer a ping at once; past it, the answer says how to ask for less.
    static let answerCeiling = 512 << 10

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
            return success(try await command.run(in: state), tool: tool)
        } catch let partial as PartialResult {
            // `keep-going`: what arrived is the answer, and what did not is said beside it.
            return success(partial.output, tool: tool, note: redactor.redact(partial.message))
        } catch {
            return Self.failure(redactor.redact(ErrorText.message(for: error, caller: .tool(tool))))
        }
    }

    /// The command's JSON, encoded once, as the structured content (a range's array inside
    /// `charts`, since the structured content is an object), repeated as text. Every string is
    /// scrubbed of the keys, as the CLI's last line of defence scrubs stdout.
    private func success(_ output: CommandOutput, tool: MCPTool, note: String? = nil) -> JSONValue {
        guard case .data(let data, _) = output else { return Self.failure("Internal error: the command answered without data. Please report it.") }
        let structured = MCPTool.structuredContent(data.json.mappingStrings(redactor.redact))
        let text = structured.serialized(compact: true)
        guard text.utf8.count <= Self.answerCeiling else { return Self.failure(Self.tooLong(text.utf8.count, tool: tool)) }
        let texts = [text] + (note.map { [$0] } ?? [])
        return .object([
            ("content", .array(texts.map { .object([("type", .string("text")), ("text", .string($0))]) })),
            ("structuredContent", structured),
            ("isError", .bool(false)),
        ])
    }

    /// What an answer past the ceiling says instead: its size, and how this tool asks for less.
    static func tooLong(_ bytes: Int, tool: MCPTool) -> String {
        var ways: [String] = []
        if tool.takes(.from) { ways.append(bilingual("a shorter range (from, to)", "더 짧은 기간(from, to)")) }
        if tool.takes(.limit) { ways.append(bilingual("a lower limit", "더 작은 limit")) }
        if tool.arguments.contains(.sql) { ways.append(bilingual("a LIMIT or fewer columns in the SQL", "SQL에 LIMIT을 두거나 열을 줄이기")) }
        if ways.isEmpty { ways.append(bilingual("a narrower question", "더 좁은 질문")) }
        let size = NumberText.grouped(Int64(bytes))
        let ceiling = NumberText.grouped(Int64(answerCeiling))
        return bilingual(
            "The answer is \(size) bytes of JSON, past the \(ceiling) a tool call answers with; ask for less: \(ways.joined(separator: ", ")).",
            "답이 JSON \(size)바이트로, 도구 호출이 답하는 \(ceiling)바이트를 넘습니다. 더 적게 물으세요: \(ways.joined(separator: ", ")).")
    }

    private static func failure(_ message: String) -> JSONValue {
        .object([
            ("content", .array([.object([("type", .string("text")), ("text", .string(message))])])),
            ("isError", .bool(true)),
        ])
    }
}
