import BoxOfficeCore

/// Who reads a message, and so how it names what can be done: a person at a shell types `--date`
/// and `boxoffice people <name>`; a model passes `date` and calls `search_people`, and is never told
/// of an option its tool does not take.
package enum Caller: Sendable {
    case shell
    case tool(MCPTool)

    /// Whether a model calls, through a tool.
    package var isTool: Bool {
        if case .tool = self { true } else { false }
    }

    /// How the caller gives the option: `--date` or `date`; nil when it cannot.
    package func option(_ name: OptionName) -> String? {
        switch self {
        case .shell: "--" + name.rawValue
        case .tool(let tool): tool.takes(name) ? name.rawValue : nil
        }
    }

    /// How a message names the option, whether or not the caller can give it.
    package func name(of option: OptionName) -> String {
        self.option(option) ?? option.rawValue
    }

    /// How a message names a positional argument: `<movie-code>` or `code`.
    package func name(of argument: ArgumentSpec) -> String {
        switch self {
        case .shell: "<\(argument.name)>"
        case .tool: argument.key?.rawValue ?? argument.name
        }
    }

    /// How the caller asks a command: `boxoffice people <name>` (with its first argument when
    /// `withArgument`) or `search_people`; nil when it cannot.
    package func command(_ spec: CommandSpec, withArgument: Bool = true) -> String? {
        switch self {
        case .shell:
            (["boxoffice", spec.name] + (withArgument ? spec.arguments.prefix(1).map { "<\($0.name)>" } : [])).joined(separator: " ")
        case .tool:
            spec.tool?.name
        }
    }
}
