import BoxOfficeApp
import BoxOfficeCore

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
                let suggestion = didYouMean(Suggestion.closest(to: key, among: names))
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
