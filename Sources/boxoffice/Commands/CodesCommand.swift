import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice codes <group>`: a KOBIS common-code group.
struct CodesCommand: RunnableCommand {
    let group: String
    let network: NetworkOptions

    static let spec = CommandSpec(
        name: "codes", abstract: "List KOBIS common codes: regions, movie types, nations, company parts or any group.",
        discussion: "Groups by name: \(SharedOptions.list(CodeGroup.allCases.map { "\($0.rawValue) (\($0.code))" })); any other <group> is sent as a raw comCode.",
        examples: ["boxoffice codes regions", "boxoffice codes nations --format csv", "boxoffice codes 2201"],
        arguments: [ArgumentSpec(name: "group", help: "A group name or a raw KOBIS comCode.", choices: CodeGroup.allCases.map(\.rawValue))],
        options: SharedOptions.network,
        make: { reader throws(UsageError) in
            let group = (reader.positionals.first ?? "").trimmed
            guard !group.isEmpty else { throw reader.error("Give a group: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", ")) or a raw code.") }
            return CodesCommand(group: CodeGroup.code(for: group), network: try NetworkOptions(reader))
        })

    func run(in runner: Runner) async throws -> Data {
        let list = try await runner.makeClient(network, needs: [.kobis]).codes(group: group)
        return text(DocumentWriter.write(CodesOutput(list), format: network.format, style: runner.style(network)))
    }
}

/// Names people know (배급사, 한국, 장편) turned into the codes KOBIS wants, by the library's lookup.
enum CodeNames {
    /// A name that is not in the group is a usage error of `command`, whose usage line it shows.
    static func code(
        for value: String, in group: CodeGroup, option: String, of command: CommandSpec, client: BoxOfficeClient
    ) async throws -> String {
        do {
            return try await client.code(named: value, in: group)
        } catch BoxOfficeError.unknownCodeName(_, _, let known) {
            throw UsageError("'\(TerminalText.sanitize(value))' is not a name in the \(group.rawValue) codes for '--\(option)'; use a code or one of: \(known.map { TerminalText.sanitize($0) }.joined(separator: ", ")).",
                             commandPath: [command.name])
        }
    }
}

extension Optional where Wrapped: Sendable {
    /// The value transformed by an async function, or nil.
    func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
