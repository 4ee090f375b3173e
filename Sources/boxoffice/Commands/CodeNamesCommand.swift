import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice __names <group>`: the names of a code group as the cache holds them, one a line,
/// for the completion scripts to offer (`search --nation <Tab>`). Hidden, and a Tab must cost
/// nothing: never the network, never a key, and no output at all while the group is not cached
/// (`boxoffice codes nations` or a search by name caches it for 30 days).
struct CodeNamesCommand: RunnableCommand {
    let group: CodeGroup

    static let spec = CommandSpec(
        name: "__names", abstract: "Print the cached names of a code group, for shell completion.",
        arguments: [ArgumentSpec(name: "group", help: "A code group.", choices: CodeGroup.allCases.map(\.rawValue))],
        isHidden: true,
        make: { reader throws(UsageError) in
            guard let group = CodeGroup(rawValue: reader.positionals.first ?? "") else {
                throw reader.error("Give a code group: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return CodeNamesCommand(group: group)
        })

    func run(in state: CommandState) async throws -> Data {
        let client = BoxOfficeClient(
            configuration: ClientConfiguration(requiresKeys: false, retryPolicy: RetryPolicy(retries: 0)), loader: CacheOnly(),
            cache: ResponseCache(directory: state.paths.responses), now: state.context.clock)
        guard let list = try? await client.codes(group: group.code) else { return text("") }
        // The names go onto a command line: one a line, no controls, none blank, each once.
        var seen = Set<String>()
        let names = list.codes.map { TerminalText.sanitize($0.name).trimmed }.filter { !$0.isEmpty && seen.insert($0).inserted }
        return text(names.map { $0 + "\n" }.joined())
    }
}

/// A loader that never reaches the network: what is not cached is not offered.
private struct CacheOnly: HTTPDataLoading {
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw CancellationError()
    }
}
