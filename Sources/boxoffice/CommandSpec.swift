/// What a command accepts: the single source for parsing, help and shell completion.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let discussion: String?
    let examples: [String]
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    let subcommands: [CommandSpec]

    init(
        name: String, abstract: String, discussion: String? = nil, examples: [String] = [],
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.examples = examples
        self.arguments = arguments
        self.options = options + [OptionSpec.help]
        self.subcommands = subcommands
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
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
}

/// An option; without a value name it is a flag.
struct OptionSpec: Sendable {
    let name: String
    var short: Character?
    var valueName: String?
    let help: String
    var choices: [String] = []

    var isFlag: Bool { valueName == nil }

    static let help = OptionSpec(name: "help", short: "h", help: "Show help information.")
}
