import BoxOfficeCore

/// How a command is offered to a model as a tool, declared in the command's own spec: a name,
/// a title and a description for the model, and the options a model may pass (the command's
/// positional arguments always come too, under their keys). The options are `OptionName`s, so a
/// misspelt one does not compile.
package struct ToolDeclaration: Sendable {
    let name: String
    let title: String
    let description: String
    /// The command's options a model may pass, in the order the schema lists them.
    let options: [OptionName]
    /// What a call does beyond answering, as its annotations tell a client.
    var effect = MCPTool.Effect.asksTheServices
}

/// One tool: a command seen from an agent's side, as its spec declares it. Its input schema is
/// made from the command's declarations and a call is read by the command's own reader, so tool
/// and command cannot disagree.
package struct MCPTool: Sendable {
    let declaration: ToolDeclaration
    package let command: CommandSpec

    /// What a call touches.
    package enum Effect: Sendable {
        /// It asks KOBIS or Kakao (through the cache): the open world, read only.
        case asksTheServices
        /// It reads the local archive alone: no call.
        case readsTheArchive
        /// It spends API calls to write the archive: not read-only, left out by `mcp --read-only`.
        case fillsTheArchive
    }

    /// Every tool there is: each command (and subcommand) that declares one, in the order the
    /// application lists its commands.
    static let all: [MCPTool] = Commands.all.map(\.spec).flatMap(tools(of:))

    private static func tools(of command: CommandSpec) -> [MCPTool] {
        (command.tool.map { [MCPTool(declaration: $0, command: command)] } ?? []) + command.subcommands.flatMap(tools(of:))
    }

    /// The tools a server offers: all of them, or with `readOnly` those that spend no call to write.
    package static func all(readOnly: Bool) -> [MCPTool] {
        readOnly ? all.filter { $0.effect != .fillsTheArchive } : all
    }

    static func named(_ name: String) -> MCPTool? {
        all.first { $0.name == name }
    }

    package var name: String { declaration.name }
    package var title: String { declaration.title }
    package var description: String { declaration.description }
    package var options: [OptionName] { declaration.options }
    package var effect: Effect { declaration.effect }

    /// Every argument the tool takes: the command's positional arguments, then its options.
    package var arguments: [OptionName] {
        command.arguments.compactMap(\.key) + options
    }

    /// Whether a model can pass the option.
    package func takes(_ option: OptionName) -> Bool {
        options.contains(option)
    }
}
