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
    /// The network options given to `mcp`, passed on to every tool call.
    let serverOptions: [String]

    /// What `mcp` takes: the network options of the commands, bar the output's own.
    static let passedOptions = SharedOptions.network.filter { !["format", "color", "output"].contains($0.name) }

    static let spec = CommandSpec(
        name: "mcp", abstract: "Serve the box office to AI agents over the Model Context Protocol (stdio).",
        discussion:
            "Reads JSON-RPC messages on stdin and answers on stdout, one a line, until stdin closes. Tools: \(SharedOptions.list(MCPToolCatalog.tools.map(\.name))). Each answers with the JSON the matching command prints with --format json, from the same cache, quota ledger, config file and keys.",
        examples: ["boxoffice mcp", "boxoffice mcp --timeout 20 --verbose"],
        options: passedOptions,
        make: { reader throws(UsageError) in
            var words: [String] = []
            for option in passedOptions {
                if option.isFlag {
                    if reader.invocation.flags.contains(option.name) { words.append("--" + option.name) }
                } else if let value = reader.invocation.values[option.name] {
                    words.append("--\(option.name)=\(value)")
                }
            }
            // Checked as every call will read them (--timeout's range, --replay with --record…).
            do throws(UsageError) {
                let probe = try CommandLineParser.parse(["movie"] + words + ["--", "0"])
                _ = try CommandCatalog.command(for: probe, today: reader.today)
            } catch {
                throw reader.error(error.message)
            }
            return MCPCommand(serverOptions: words)
        })

    func run(in state: CommandState) async throws -> Data {
        let context = state.context
        var callContext = context
        callContext.stdoutIsTerminal = false
        callContext.stderrIsTerminal = false
        callContext.terminalWidth = nil
        let toolRunner = MCPToolRunner(
            context: callContext, paths: state.paths, quota: state.quota, serverOptions: serverOptions,
            keys: state.keys)
        let server = MCPServer(runner: toolRunner) { line in
            switch Terminal.write(line, to: STDOUT_FILENO) {
            case .written: true
            case .readerGone, .failed: false
            }
        }
        await server.serve(MCPLineReader.lines(of: STDIN_FILENO))
        return Data()
    }
}
