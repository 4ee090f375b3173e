import BoxOfficeCore

/// One tool: a `boxoffice` command asked with `--format json`. Its arguments are the command's
/// options under the same names, so the tool shares the command's parsing, validation, use case
/// and JSON, and has no behaviour of its own.
struct MCPTool: Sendable {
    /// What an argument's JSON value must be; the CLI word is made from it.
    enum Kind: Sendable {
        case string
        /// A day as the CLI reads it: YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd.
        case date
        case integer(ClosedRange<Int>)
        /// A flag of the command: `true` adds it.
        case boolean
    }

    struct Argument: Sendable {
        let name: String
        let kind: Kind
        /// For the model; the option's own help when nil.
        var description: String?
        /// Whether it is the command's positional argument rather than an option.
        var isPositional = false
        var isRequired = false
    }

    let name: String
    let title: String
    let description: String
    /// The command's path below `boxoffice`.
    let command: [String]
    let arguments: [Argument]
    /// What the structured result holds, for the output schema.
    let output: String

    /// The command's declaration, where option help and choices come from.
    var spec: CommandSpec? {
        var spec = CommandCatalog.root
        for name in command {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// A problem with the arguments, told to the model as a tool error.
    struct ArgumentError: Error {
        let message: String
    }

    /// The command line this call stands for: options as `--name=value` (so no value reads as an
    /// option) and the positional after `--`; `format` json and the server's own options last.
    func commandLine(for arguments: JSONValue?, serverOptions: [String]) throws(ArgumentError) -> [String] {
        let given: [(String, JSONValue)]
        switch arguments {
        case nil, .null?: given = []
        case .object(let members)?: given = members
        case _?: throw ArgumentError(message: "The arguments must be an object.")
        }
        var words = command
        var positional: String?
        for (key, value) in given {
            guard let argument = self.arguments.first(where: { $0.name == key }) else {
                let names = self.arguments.map(\.name)
                throw ArgumentError(
                    message: "Unknown argument '\(key)'; \(name) takes \(names.isEmpty ? "none" : SharedOptions.list(names, lastSeparator: " and "))."
                )
            }
            if case .null = value { continue }
            let word: String
            switch (argument.kind, value) {
            case (.string, .string(let text)), (.date, .string(let text)):
                word = text
            case (.integer, .integer(let number)):
                word = String(number)
            case (.integer, .number(let number)) where number == number.rounded() && abs(number) < 1e15:
                word = String(Int64(number))
            case (.boolean, .bool(let isOn)):
                if isOn { words.append("--\(key)") }
                continue
            default:
                throw ArgumentError(message: "'\(key)' must be \(argument.kind.expected).")
            }
            if argument.isPositional {
                positional = word
            } else {
                words.append("--\(key)=\(word)")
            }
        }
        if let missing = self.arguments.first(where: { $0.isRequired && positional == nil && $0.isPositional }) {
            throw ArgumentError(message: "'\(missing.name)' is required.")
        }
        let declared = spec?.options ?? []
        if declared.contains(where: { $0.name == "format" }) { words.append("--format=json") }
        var index = serverOptions.startIndex
        while index < serverOptions.endIndex {
            // The server's own options go to the commands that take them (`quota` takes no --timeout).
            let word = serverOptions[index]
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            if declared.contains(where: { $0.name == name }) { words.append(word) }
            index += 1
        }
        if let positional { words += ["--", positional] }
        return words
    }
}

extension MCPTool.Kind {
    var expected: String {
        switch self {
        case .string: "a string"
        case .date: "a date string (YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd)"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false"
        }
    }
}
