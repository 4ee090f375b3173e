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

    /// What `mcp` takes: the network options of the commands, bar the output's own.
    static let passedOptions = SharedOptions.network.filter { option in
        ![OptionName.format, .color, .output].contains { option.isNamed($0) }
    }

    static let spec = CommandSpec(
        name: "mcp", abstract: "Serve the box office to AI agents over the Model Context Protocol (stdio).",
        discussion:
            "Reads JSON-RPC messages on stdin and answers on stdout, one a line, until stdin closes. Tools: \(SharedOptions.list(MCPToolCatalog.tools.map(\.name))). Each answers with the JSON the matching command prints with --format json, from the same cache, quota ledger, config file and keys.",
        examples: ["boxoffice mcp", "boxoffice mcp --timeout 20 --verbose"],
        options: passedOptions,
        // Checked here, once, by the reader every command uses (--timeout's range, --replay with --record…).
        make: { reader throws(UsageError) in MCPCommand(network: try NetworkOptions(reader)) })

    func run(in state: CommandState) async throws -> CommandOutput {
        let context = state.context
        var callContext = context
        callContext.stdoutIsTerminal = false
        callContext.stderrIsTerminal = false
        callContext.terminalWidth = nil
        let toolRunner = MCPToolRunner(
            context: callContext, paths: state.paths, quota: state.quota, network: network, keys: state.keys)
        let server = MCPServer(runner: toolRunner) { line in
            switch Terminal.write(line, to: STDOUT_FILENO) {
            case .written: true
            case .readerGone, .failed: false
            }
        }
        await server.serve(MCPLineReader.lines(of: STDIN_FILENO))
        return .empty
    }
}
