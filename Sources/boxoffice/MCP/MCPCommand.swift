import BoxOfficeApp
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `boxoffice mcp`: the box office for AI agents, a Model Context Protocol server on stdin/stdout.
struct MCPCommand: RunnableCommand {
    /// The network options given to `mcp`, which every tool call runs with.
    let network: NetworkOptions
    /// Whether the tools that spend calls to write (archive_sync) are left out.
    let readOnly: Bool
    /// How long calls in flight when stdin closes may still take (`--linger`).
    var linger = MCPServer.lingerSeconds

    /// What `mcp` takes: the network options of the commands, bar the output's own.
    static let passedOptions = SharedOptions.network.filter { option in
        ![OptionName.format, .color, .noColor, .output].contains { option.isNamed($0) }
    }

    static let name = "mcp"

    static let spec = CommandSpec(
        name: name,
        abstract: Words(
            "Serve the box office to AI agents over the Model Context Protocol (stdio).", "AI 에이전트에게 Model Context Protocol(stdio)로 박스오피스를 제공합니다."),
        discussion:
            Words(
                "Reads JSON-RPC messages on stdin and answers on stdout, one a line, until stdin closes. Its tools are the commands seen from a model's side (tools/list names them); each answers with the JSON the matching command prints with --format json, from the same cache, quota ledger, config file and keys.",
                "표준 입력으로 JSON-RPC 메시지를 한 줄에 하나씩 읽고 표준 출력으로 답하며, 표준 입력이 닫힐 때까지 계속합니다. 도구는 명령어를 모델 쪽에서 본 것이며(tools/list가 이름을 알려 줍니다), 각 도구는 해당 명령어가 --format json으로 출력하는 JSON으로 답합니다. 캐시, 호출 장부, 설정 파일, 키는 명령줄과 같은 것을 씁니다."
            ),
        examples: ["boxoffice mcp", "boxoffice mcp --read-only", "boxoffice mcp --timeout 20 --verbose"],
        options: [
            OptionSpec(
                name: .readOnly,
                help: Words(
                    "Leave out the tools that spend API calls to write the archive (archive_sync): every other tool only reads.",
                    "아카이브를 채우느라 API 호출을 쓰는 도구(archive_sync)를 뺍니다. 나머지 도구는 모두 읽기만 합니다.")),
            OptionSpec(
                name: .linger, kind: .seconds(0...86_400),
                help: Words(
                    "Once stdin closes, answer the calls still running for this long, then stop them, each answered with an error, and exit.",
                    "표준 입력이 닫힌 뒤 아직 진행 중인 호출에 답할 때까지 기다리는 시간. 지나면 호출을 멈추고 오류로 답한 뒤 끝냅니다."),
                defaultValue: .value(NumberText.decimal(MCPServer.lingerSeconds))),
        ] + passedOptions,
        // Checked here, once, by the reader every command uses (--timeout's range, --replay with --record…).
        make: { reader throws(UsageError) in
            MCPCommand(
                network: try NetworkOptions(reader), readOnly: try reader.flag(.readOnly),
                linger: try reader.seconds(.linger) ?? MCPServer.lingerSeconds)
        })

    func run(in state: CommandState) async throws -> CommandOutput {
        let output = state.context.standardOutput
        let server = server(in: state) { line in
            switch Terminal.write(line, to: output) {
            case .written: true
            case .readerGone, .failed: false
            }
        }
        // Detached from the run's task, which keeps to the main thread: the server, its calls and
        // their answers are spread over the shared pool, so that a `ping` is answered while the
        // calls work. The run's language goes along, as a task-local value would not.
        let input = state.context.standardInput
        let language = Language.current
        await Task.detached {
            await Language.$current.withValue(language) { await server.serve(MCPLineReader.lines(of: input)) }
        }.value
        return .empty
    }

    /// The server, its calls run with the state's cache, ledger, keys and network and these
    /// options, its lines handed to `send` (which says false once nobody reads them).
    func server(in state: CommandState, send: @escaping @Sendable (String) -> Bool) -> MCPServer {
        var callContext = state.context
        callContext.stdoutIsTerminal = false
        callContext.stderrIsTerminal = false
        callContext.terminalWidth = nil
        let toolRunner = MCPToolRunner(
            context: callContext, paths: state.paths, quota: state.quota, options: network, keys: state.keys, network: state.network,
            language: state.toolLanguage)
        return MCPServer(runner: toolRunner, readOnly: readOnly, linger: linger, send: send)
    }
}
