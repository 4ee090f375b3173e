import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a command accepts and how it is made: the single source for parsing, validation, help
/// and shell completion. A command is one file declaring its spec, its validation and its run.
package struct CommandSpec: Sendable {
    package let name: String
    package let abstract: Words
    package let discussion: Words?
    package let examples: [String]
    package let arguments: [ArgumentSpec]
    package let options: [OptionSpec]
    /// The JSON of its data, for a command that prints data, as its output declares it beside
    /// the encoder: where a tool's `outputSchema` comes from. Made when asked for: a run makes
    /// the spec of the command it names, and only the tool list and help need a schema.
    package var outputSchema: JSONSchema? { makeOutputSchema() }
    private let makeOutputSchema: @Sendable () -> JSONSchema?
    /// How a model calls it as an MCP tool, for a command offered as one.
    let tool: ToolDeclaration?
    /// The commands below it, by name; a spec is made when the parser, help or a tool list reaches it.
    package let subcommandEntries: [Subcommand]
    /// Left out of help, suggestions and completions: a command the completion scripts call.
    let isHidden: Bool
    /// Validates the parsed words into a command ready to run; nil for a group of subcommands.
    package let make: (@Sendable (OptionReader) throws(UsageError) -> any RunnableCommand)?

    package init(
        name: String, abstract: Words, discussion: Words? = nil, examples: [String] = [],
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], outputSchema: @autoclosure @escaping @Sendable () -> JSONSchema? = nil,
        tool: ToolDeclaration? = nil,
        subcommands: [Subcommand] = [],
        isHidden: Bool = false,
        make: (@Sendable (OptionReader) throws(UsageError) -> any RunnableCommand)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options + [OptionSpec.help]
        self.makeOutputSchema = outputSchema
        self.tool = tool
        subcommandEntries = subcommands
        self.isHidden = isHidden
        self.make = make
    }

    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    package func option(_ name: OptionName) -> OptionSpec? {
        option(named: name.rawValue)
    }

    package func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Every subcommand's spec, each made now if it was not yet: for help, completions and tools.
    package var subcommands: [CommandSpec] {
        subcommandEntries.map(\.spec)
    }

    package var hasSubcommands: Bool { !subcommandEntries.isEmpty }

    /// The subcommands help, suggestions and completions show.
    package var visibleSubcommands: [CommandSpec] {
        subcommands.filter { !$0.isHidden }
    }

    /// The one subcommand named, and only its spec made.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommandEntries.first { $0.name == name }?.spec
    }
}

/// A command below another, by its name, its spec made the first time it is asked for (a static
/// `spec`). A run makes the specs of the commands it names and no others: making every command's
/// spec on every run was a third of what `boxoffice --version` took of its own.
package struct Subcommand: Sendable {
    package let name: String
    private let make: @Sendable () -> CommandSpec

    package init(_ name: String, _ spec: @autoclosure @escaping @Sendable () -> CommandSpec) {
        self.name = name
        make = spec
    }

    package var spec: CommandSpec { make() }
}

/// A positional argument.
package struct ArgumentSpec: Sendable {
    /// Its name in usage lines, `<movie-code>`.
    package let name: String
    /// Its name as a tool argument (`code`), for a command a tool runs.
    package var key: OptionName?
    package let help: Words
    /// The help a model reads, where the command line's names what a tool call does not have.
    private let toolDescription: String?
    package var isOptional = false
    /// The words shells offer for it; empty when any word will do.
    package var choices: [String] = []
    /// Whether shells also offer the names of the commands (help topics).
    package var offersCommands = false
    /// Whether shells offer the subcommands of the command the argument before it names
    /// (`help cache <Tab>`).
    package var offersSubcommands = false

    package init(
        name: String, key: OptionName? = nil, help: Words, toolHelp: String? = nil, isOptional: Bool = false, choices: [String] = [],
        offersCommands: Bool = false,
        offersSubcommands: Bool = false
    ) {
        self.name = name
        self.key = key
        self.help = help
        toolDescription = toolHelp
        self.isOptional = isOptional
        self.choices = choices
        self.offersCommands = offersCommands
        self.offersSubcommands = offersSubcommands
    }

    /// The help text for a tool's schema: models read English.
    package var toolHelp: String { toolDescription ?? help.english }
}

/// What an option's value is. The parser's checks, help, completion and a tool's input schema all
/// read it, as swift-argument-parser's `@Option` reads the property's type.
package enum OptionKind: Sendable {
    /// No value: given or not.
    case flag
    /// Any text.
    case text
    /// A day in Seoul: YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd, never after today.
    case date
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// A number of seconds in the range.
    case seconds(ClosedRange<Double>)
    /// One of these words, in any case.
    case choice([String])

    /// What a valid value is, after "use": `a whole number from 1 to 10`.
    var expectation: String {
        switch self {
        case .flag: bilingual("true or false", "true 또는 false")
        case .text: bilingual("a string", "문자열")
        case .date: bilingual("YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd", "YYYYMMDD, YYYY-MM-DD, today, yesterday 또는 -Nd")
        case .integer(let range):
            bilingual("a whole number from \(range.lowerBound) to \(range.upperBound)", "\(range.lowerBound)~\(range.upperBound)의 정수")
        case .seconds(let range):
            bilingual(
                "seconds from \(NumberText.decimal(range.lowerBound)) to \(NumberText.decimal(range.upperBound))",
                "\(NumberText.decimal(range.lowerBound))~\(NumberText.decimal(range.upperBound))초")
        case .choice(let choices): SharedOptions.list(choices, lastSeparator: bilingual(", ", " 또는 "))
        }
    }
}

/// An option's default, as help and a tool's schema show it.
package enum OptionDefault: Sendable {
    /// A value of the option's kind, as typed: `10`, `table`, `yesterday`.
    case value(String)
    /// What happens without the option, in words: "the latest week that has ended".
    case described(Words)

    var text: String {
        switch self {
        case .value(let text): text
        case .described(let words): words.text
        }
    }
}

/// What a shell offers for an option's value.
package enum ValueCompletion: Sendable {
    /// Nothing: a date, a number, free text.
    case none
    /// These words.
    case words([String])
    /// File and folder names.
    case paths
    /// Folder names.
    case folders
    /// The names of a KOBIS code group, as far as boxoffice has the group cached.
    case codeNames(CodeGroup)
    /// These words, several in one value, separated by commas (`--fields rank,title`); made
    /// only when a completion script is, never when a command runs.
    case list(@Sendable () -> [String])
}

/// An option: its name, the kind of its value, its help and its default, declared once. Help
/// shows the default from the same constant the code uses.
package struct OptionSpec: Sendable {
    package let key: OptionName
    package var short: Character?
    package let kind: OptionKind
    /// Given more than once, every value counts (`--mail-to a --mail-to b`); otherwise the last wins.
    package let repeats: Bool
    /// The value's name in help and usage, `<date>`; nil for a flag.
    package let valueName: String?
    /// Made when help is shown, not when the catalog is: some name what a command's output holds.
    private let describe: @Sendable () -> Words
    /// The help a model reads, where the command line's names what a tool call does not have
    /// (another option, a variable, stderr).
    private let toolDescription: String?
    package let defaultValue: OptionDefault?
    private let explicitCompletion: ValueCompletion?
    /// Taken after any command as well as before one (`--lang`, `-q`, `--no-pager`): declared
    /// once, on the root.
    package let standsAnywhere: Bool

    /// The long name, as typed after `--`.
    package var name: String { key.rawValue }

    /// The help text.
    package var help: Words { describe() }

    /// The help text for a tool's schema.
    package var toolHelp: String { toolDescription ?? help.english }

    package init(
        name: OptionName, short: Character? = nil, kind: OptionKind = .flag, valueName: String? = nil, repeats: Bool = false,
        help: @autoclosure @escaping @Sendable () -> Words, toolHelp: String? = nil, defaultValue: OptionDefault? = nil,
        completion: ValueCompletion? = nil, standsAnywhere: Bool = false
    ) {
        key = name
        self.standsAnywhere = standsAnywhere
        self.short = short
        self.kind = kind
        self.repeats = repeats
        if case .flag = kind {
            self.valueName = nil
        } else {
            self.valueName = valueName ?? kind.defaultValueName
        }
        describe = help
        toolDescription = toolHelp
        self.defaultValue = defaultValue
        explicitCompletion = completion
    }

    /// Whether this is the option of that name.
    package func isNamed(_ option: OptionName) -> Bool {
        key == option
    }

    package var isFlag: Bool {
        if case .flag = kind { true } else { false }
    }

    /// The words it takes, if it takes only those.
    var choices: [String] {
        if case .choice(let choices) = kind { choices } else { [] }
    }

    /// What shells offer for its value: what the declaration says, else its choices.
    package var completion: ValueCompletion {
        explicitCompletion ?? (choices.isEmpty ? .none : .words(choices))
    }

    /// The help text with its default.
    /// The help with its default, as `--help` shows it, in the run's language.
    package var helpWithDefault: String {
        guard let defaultValue else { return help.text }
        return bilingual("\(help.english) (default: \(defaultValue.text))", "\(help.korean) (기본값: \(defaultValue.text))")
    }

    package static let help = OptionSpec(name: .help, short: "h", help: Words("Show help information.", "도움말 보기."))
}

package extension OptionKind {
    /// `<date>`, `<n>`, `<seconds>`, `<value>`.
    fileprivate var defaultValueName: String {
        switch self {
        case .flag, .text, .choice: "value"
        case .date: "date"
        case .integer: "n"
        case .seconds: "seconds"
        }
    }
}

/// A command ready to run: parsed, validated and holding what it needs.
package protocol RunnableCommand: Sendable {
    /// What the command gives back, typed; errors are thrown, never printed here.
    func run(in state: CommandState) async throws -> CommandOutput
}

/// A command whose output can be long (a chart range of a year): on the command line it writes it
/// piece by piece as it is made, into a spool that keeps it out of memory until the command has
/// succeeded. `run` still gives it whole and typed, for a caller that holds it anyway (`boxoffice mcp`).
package protocol StreamingCommand: RunnableCommand {
    /// Writes what belongs on stdout into `output`, as it is made; errors are thrown, and what
    /// was written is then let go.
    func stream(in state: CommandState, to output: OutputSpool) async throws
}
