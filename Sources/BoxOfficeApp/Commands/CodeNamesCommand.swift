import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice __names <group> [prefix]`: the names of a code group as the cache holds them that
/// start with `prefix`, one a line, at most `offered` of them, for the completion scripts to offer
/// (`search --nation <Tab>`). Hidden, and a Tab must cost nothing: never the network, never a key,
/// no output at all while the group is not cached (`boxoffice codes nations` or a search by name
/// caches it for 30 days), and a bounded answer however many names a cached list holds.
package struct CodeNamesCommand: RunnableCommand {
    let group: CodeGroup
    let prefix: String

    /// No shell shows more than this many at once usefully; a list past it says nothing more.
    static let offered = 200

    package static let spec = CommandSpec(
        name: "__names", abstract: Words("Print the cached names of a code group, for shell completion.", "셸 자동 완성용으로 캐시된 코드 그룹의 이름을 출력합니다."),
        arguments: [
            ArgumentSpec(name: "group", help: Words("A code group.", "코드 그룹."), choices: CodeGroup.allCases.map(\.rawValue)),
            ArgumentSpec(name: "prefix", help: Words("What the names start with.", "이름의 첫 부분."), isOptional: true),
        ],
        isHidden: true,
        make: { reader throws(UsageError) in
            guard let group = CodeGroup(rawValue: try reader.argument(0) ?? "") else {
                throw reader.error(
                    bilingual(
                        "Give a code group: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", ")).",
                        "코드 그룹을 주세요: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", "))."))
            }
            return CodeNamesCommand(group: group, prefix: try reader.argument(1) ?? "")
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        var client = BoxOfficeClient(
            configuration: ClientConfiguration(requiresKeys: false, retryPolicy: RetryPolicy(retries: 0)), loader: CacheOnly(),
            cache: ResponseCache(directory: state.paths.responses), now: state.context.clock)
        client.decodesOnTheCallersExecutor = true
        guard let list = try? await client.codes(group: group.code) else { return .text("") }
        // The names go onto a command line: one a line, no controls, none blank, each once.
        var seen = Set<String>()
        var lines = ""
        for code in list.codes where code.name.hasPrefix(prefix) {
            let name = TerminalText.sanitize(code.name).trimmed
            guard !name.isEmpty, name.hasPrefix(prefix), seen.insert(name).inserted else { continue }
            lines += name + "\n"
            if seen.count == Self.offered { break }
        }
        return .text(lines)
    }
}

/// A loader that never reaches the network: what is not cached is not offered.
private struct CacheOnly: HTTPDataLoading {
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw CancellationError()
    }
}
