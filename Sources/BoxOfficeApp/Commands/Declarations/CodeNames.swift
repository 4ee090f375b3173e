import BoxOfficeCore

/// Names people know (배급사, 한국, 장편) turned into the codes KOBIS wants, by the library's lookup.
package enum CodeNames {
    /// A name that is not in the group is a usage error of `command`, whose usage line it shows,
    /// naming the option as the caller does.
    static func code(
        for value: String, in group: CodeGroup, option: OptionName, of command: CommandSpec, in state: CommandState, client: BoxOfficeClient
    ) async throws -> String {
        do {
            return try await client.code(named: value, in: group)
        } catch BoxOfficeError.unknownCodeName(_, _, let known) {
            let shown = TerminalText.sanitize(value)
            let names = known.map { TerminalText.sanitize($0) }.joined(separator: ", ")
            let given = state.caller.name(of: option)
            throw UsageError(
                bilingual(
                    "'\(shown)' is not a name in the \(group.rawValue) codes for '\(given)'; use a code or one of: \(names).",
                    "\(group.rawValue) 코드에 없는 이름입니다: '\(given)' '\(shown)'. 코드나 다음 이름 가운데 하나를 쓰세요: \(names)."),
                commandPath: [command.name])
        }
    }
}

package extension Optional where Wrapped: Sendable {
    /// The value transformed by an async function, or nil.
    func asyncMap<Result>(_ transform: (Wrapped) async throws -> Result) async rethrows -> Result? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
