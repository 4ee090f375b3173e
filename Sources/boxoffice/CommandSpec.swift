import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a command accepts and how it is made: the single source for parsing, validation, help
/// and shell completion. A command is one file declaring its spec, its validation and its run.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let discussion: String?
    let examples: [String]
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    let subcommands: [CommandSpec]
    /// Left out of help, suggestions and completions: a command the completion scripts call.
    let isHidden: Bool
    /// Validates the parsed words into a command ready to run; nil for a group of subcommands.
    let make: (@Sendable (OptionReader) throws(UsageError) -> any RunnableCommand)?

    init(
        name: String, abstract: String, discussion: String? = nil, examples: [String] = [],
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], subcommands: [CommandSpec] = [], isHidden: Bool = false,
        make: (@Sendable (OptionReader) throws(UsageError) -> any RunnableCommand)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options + [OptionSpec.help]
        self.subcommands = subcommands
        self.isHidden = isHidden
        self.make = make
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(_ name: OptionName) -> OptionSpec? {
        option(named: name.rawValue)
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The subcommands help, suggestions and completions show.
    var visibleSubcommands: [CommandSpec] {
        subcommands.filter { !$0.isHidden }
    }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var isOptional = false
    /// The words shells offer for it; empty when any word will do.
    var choices: [String] = []
    /// Whether shells also offer the names of the commands (help topics).
    var offersCommands = false
    /// Whether shells offer the subcommands of the command the argument before it names
    /// (`help cache <Tab>`).
    var offersSubcommands = false
}

/// What a shell offers for an option's value.
enum ValueCompletion: Sendable {
    /// Its choices, if any; otherwise nothing (a date, a number).
    case words
    /// File and folder names.
    case paths
    /// Folder names.
    case folders
    /// The names of a KOBIS code group, as far as boxoffice has the group cached.
    case codeNames(CodeGroup)
}

/// An option; without a value name it is a flag. Help shows `defaultValue` from the same
/// constant the code uses.
struct OptionSpec: Sendable {
    /// The long name, as typed after `--`.
    let name: String
    var short: Character?
    var valueName: String?
    /// Made when help is shown, not when the catalog is: some name what a command's output holds.
    private let describe: @Sendable () -> String
    var choices: [String] = []
    var defaultValue: String?
    var completion = ValueCompletion.words

    /// The help text.
    var help: String { describe() }

    init(
        name: OptionName, short: Character? = nil, valueName: String? = nil, help: @autoclosure @escaping @Sendable () -> String,
        choices: [String] = [], defaultValue: String? = nil, completion: ValueCompletion = .words
    ) {
        self.name = name.rawValue
        self.short = short
        self.valueName = valueName
        describe = help
        self.choices = choices
        self.defaultValue = defaultValue
        self.completion = completion
    }

    /// Whether this is the option of that name.
    func isNamed(_ option: OptionName) -> Bool {
        name == option.rawValue
    }

    var isFlag: Bool { valueName == nil }

    /// The help text with its default.
    var helpWithDefault: String {
        defaultValue.map { "\(help) (default: \($0))" } ?? help
    }

    static let help = OptionSpec(name: .help, short: "h", help: "Show help information.")
}

/// A command ready to run: parsed, validated and holding what it needs.
protocol RunnableCommand: Sendable {
    /// What belongs on stdout; errors are thrown, never printed here.
    func run(in state: CommandState) async throws -> Data
    /// Whether stdout is text, which is scrubbed of the keys once more before it is written;
    /// bytes such as an image go out as they came.
    var writesText: Bool { get }
}

extension RunnableCommand {
    var writesText: Bool { true }

    /// Text for stdout.
    func text(_ output: String) -> Data {
        Data(utf8: output)
    }
}

/// A command whose output can be long (a chart range of a year): it writes it piece by piece as
/// it is made, into a spool that keeps it out of memory until the command has succeeded.
protocol StreamingCommand: RunnableCommand {
    /// Writes what belongs on stdout into `output`, as it is made; errors are thrown, and what
    /// was written is then let go.
    func stream(in state: CommandState, to output: OutputSpool) async throws
}

extension StreamingCommand {
    /// The output whole, in memory: for a caller that holds it anyway (`boxoffice mcp`).
    func run(in state: CommandState) async throws -> Data {
        let output = OutputSpool(.memory)
        do {
            try await stream(in: state, to: output)
        } catch var partial as PartialResult {
            try output.finish()
            partial.output = output.bytes
            throw partial
        }
        try output.finish()
        return output.bytes
    }
}
