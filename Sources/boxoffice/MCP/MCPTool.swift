import BoxOfficeCore

/// One tool: a command seen from an agent's side. It is a name, a title and a description for
/// the model, the command, and the options a model may pass (the command's positional arguments
/// always come too, under their keys). Its input schema is made from the command's declarations
/// and a call is read by the command's own reader, so tool and command cannot disagree; the
/// options are `OptionName`s, so a misspelt one does not compile.
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    let command: CommandSpec
    /// The command's options a model may pass, in the order the schema lists them.
    let options: [OptionName]
    /// What a call does beyond answering, as its annotations tell a client.
    var effect = Effect.asksTheServices

    /// What a call touches.
    enum Effect: Sendable {
        /// It asks KOBIS or Kakao (through the cache): the open world, read only.
        case asksTheServices
        /// It reads the local archive alone: no call.
        case readsTheArchive
        /// It spends API calls to write the archive: not read-only, left out by `mcp --read-only`.
        case fillsTheArchive
    }

    /// Every argument the tool takes: the command's positional arguments, then its options.
    var arguments: [OptionName] {
        command.arguments.compactMap(\.key) + options
    }

    /// Whether a model can pass the option.
    func takes(_ option: OptionName) -> Bool {
        options.contains(option)
    }
}

/// A tool call's `arguments` object read as the command's values: JSON keeps its types (a limit
/// is a number, a flag `true`), a member left `null` is not given, and a name the tool does not
/// take is refused before the command sees any.
struct ToolArguments: ArgumentSource {
    let tool: MCPTool
    private let given: [OptionName: JSONValue]

    init(_ tool: MCPTool, arguments: JSONValue?) throws(UsageError) {
        self.tool = tool
        let members: [(String, JSONValue)]
        switch arguments {
        case nil, .null?: members = []
        case .object(let object)?: members = object
        case _?:
            throw UsageError(
                bilingual(
                    "The arguments must be an object.", "arguments는 객체여야 합니다."))
        }
        var given: [OptionName: JSONValue] = [:]
        let names = tool.arguments.map(\.rawValue)
        for (key, value) in members {
            guard let name = tool.arguments.first(where: { $0.rawValue == key }) else {
                let suggestion = CommandLineParser.suggestion(for: key, among: names).map(didYouMean) ?? ""
                throw UsageError(
                    "Unknown argument '\(key)'.\(suggestion) \(tool.name) takes \(names.isEmpty ? "none" : SharedOptions.list(names, lastSeparator: " and "))."
                )
            }
            if !value.isNull { given[name] = value }
        }
        for argument in tool.command.arguments where !argument.isOptional {
            guard let key = argument.key, given[key] != nil else {
                throw UsageError(
                    bilingual(
                        "Missing expected argument '\(Caller.tool(tool).name(of: argument))'.", "인자가 없습니다: '\(Caller.tool(tool).name(of: argument))'."
                    ))
            }
        }
        self.given = given
    }

    var command: CommandSpec { tool.command }
    var caller: Caller { .tool(tool) }
    var commandPath: [String] { [tool.command.name] }

    func values(of option: OptionName) -> [GivenValue] {
        guard tool.takes(option), let value = given[option] else { return [] }
        // An option that may repeat takes an array; one value alone is one value all the same.
        if case .array(let elements) = value, command.option(option)?.repeats == true {
            return elements.filter { !$0.isNull }.map(GivenValue.json)
        }
        return [.json(value)]
    }

    func argument(at index: Int) -> GivenValue? {
        guard command.arguments.indices.contains(index), let key = command.arguments[index].key else { return nil }
        return given[key].map(GivenValue.json)
    }
}
