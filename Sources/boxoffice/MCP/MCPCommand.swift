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

    /// What `mcp` takes: the network options of the commands, bar the output's own.
    static let passedOptions = SharedOptions.network.filter { option in
        ![OptionName.format, .color, .noColor, .output].contains { option.isNamed($0) }
    }

    static let spec = CommandSpec(
        name: "mcp", abstract: "Serve the box office to AI agents over the Model Context Protocol (stdio).",
        discussion:
            "Reads JSON-RPC messages on stdin and answers on stdout, one a line, until stdin closes. Its tools are the commands seen from a model's side (tools/list names them); each answers with the JSON the matching command prints with --format json, from the same cache, quota ledger, config file and keys.",
        examples: ["boxoffice mcp", "boxoffice mcp --read-only", "boxoffice mcp --timeout 20 --verbose"],
        options: [
            OptionSpec(
                name: .readOnly, help: "Leave out the tools that spend API calls to write the archive (archive_sync): every other tool only reads.")
        ] + passedOptions,
        // Checked here, once, by the reader every command uses (--timeout's range, --replay with --record…).
        make: { reader throws(UsageError) in MCPCommand(network: try NetworkOptions(reader), readOnly: try reader.flag(.readOnly)) })

    func run(in state: CommandState) async throws -> CommandOutput {
        let output = state.context.standardOutput
        let server = server(in: state) { line in
            switch Terminal.write(line, to: output) {
            case .written: true
            case .readerGone, .failed: false
            }
        }
        await server.serve(MCPLineReader.lines(of: state.context.standardInput))
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
        return MCPServer(runner: toolRunner, readOnly: readOnly, send: send)
    }
}
