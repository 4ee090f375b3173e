import BoxOfficeCore

/// Where a command's values come from: the words of a command line, or the `arguments` object of
/// a tool call. `OptionReader` reads either through this, so a command validates both one way and
/// its errors name options and commands in the words of whoever gave them.
package protocol ArgumentSource: Sendable {
    /// The command the values are for.
    var command: CommandSpec { get }
    /// Who gave them: how a message names an option or a command.
    var caller: Caller { get }
    /// The command's names below `boxoffice`, for the usage line after an error.
    var commandPath: [String] { get }
    /// Every value given for the option, in order; none when it was not given.
    func values(of option: OptionName) -> [GivenValue]
    /// The positional argument at `index`, if given.
    func argument(at index: Int) -> GivenValue?
}

/// One value as its source has it: a word to parse, or JSON with its type.
package enum GivenValue: Sendable {
    /// A word of the command line.
    case word(String)
    /// A flag the command line names.
    case present
    /// A member of a tool call's arguments, `null` already left out.
    case json(JSONValue)

    /// The value as a message quotes it: `'ten'`, or JSON such as `5` or `true`.
    var quoted: String {
        switch self {
        case .word(let text), .json(.string(let text)): "'\(text)'"
        case .present: "true"
        case .json(let value): value.serialized(compact: true)
        }
    }

    /// The text of a word or of a JSON string; nil for any other JSON.
    var text: String? {
        switch self {
        case .word(let text), .json(.string(let text)): text
        case .present, .json: nil
        }
    }
}
