import BoxOfficeApp
import BoxOfficeCore

extension MCPTool {
    /// The tool as `tools/list` shows it, annotations saying whether it only reads and whether it
    /// reaches past this machine.
    var definition: JSONValue {
        .object([
            ("name", .string(name)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("inputSchema", inputSchema),
            ("outputSchema", outputSchema),
            (
                "annotations",
                .object([
                    ("title", .string(title)),
                    ("readOnlyHint", .bool(effect != .fillsTheArchive)), ("destructiveHint", .bool(false)),
                    ("idempotentHint", .bool(true)), ("openWorldHint", .bool(effect != .readsTheArchive)),
                ])
            ),
        ])
    }

    /// The arguments' schema, made wholly from the command's declarations: each positional
    /// argument a string under its key, each option as its kind says (type, range, choices,
    /// default), described by its help for tools.
    var inputSchema: JSONValue {
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        for argument in command.arguments {
            guard let key = argument.key else { continue }
            properties.append((key.rawValue, .object([("type", .string("string")), ("description", .string(argument.toolHelp))])))
            if !argument.isOptional { required.append(.string(key.rawValue)) }
        }
        for name in options {
            guard let option = command.option(name) else {
                assertionFailure("\(self.name) offers --\(name.rawValue), which '\(command.name)' does not declare")
                continue
            }
            properties.append((name.rawValue, Self.schema(of: option)))
        }
        var schema: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { schema.append(("required", .array(required))) }
        schema.append(("additionalProperties", .bool(false)))
        return .object(schema)
    }

    /// A tool's result is an object: JSON that is an array (a range of charts) comes inside this member.
    static let arrayMember = "charts"

    /// The command's JSON as a tool's structured content.
    static func structuredContent(_ json: JSONValue) -> JSONValue {
        if case .object = json { json } else { .object([(arrayMember, json)]) }
    }

    /// What the structured content holds: the schema the command's output declares beside its
    /// encoder, with an array put inside `arrayMember` as `structuredContent(_:)` puts it.
    var outputSchema: JSONValue {
        guard let declared = command.outputSchema else { return .object([("type", .string("object"))]) }
        func asObject(_ schema: JSONSchema) -> JSONSchema {
            switch schema {
            case .object: schema
            // A day or a range (`daily_box_office`): one object with the members of both, each there
            // at times, so that a client that makes types from a schema has properties at its root.
            case .anyOf(let schemas): Self.merged(schemas.map(asObject))
            default: .object([(Self.arrayMember, schema)])
            }
        }
        let schema = asObject(declared).json
        // Every tool's output schema says it is an object at its root, as MCP asks.
        guard case .object(let members) = schema, !members.contains(where: { $0.0 == "type" }) else { return schema }
        return .object([("type", .string("object"))] + members)
    }

    /// Objects made one: every member of any of them, each left out at times (`sometimes`); a
    /// member two of them describe differently is either.
    private static func merged(_ objects: [JSONSchema]) -> JSONSchema {
        var members: [(String, [JSONSchema])] = []
        for case .object(let fields) in objects {
            for (name, schema) in fields {
                let bare = if case .sometimes(let inner) = schema { inner } else { schema }
                if let index = members.firstIndex(where: { $0.0 == name }) {
                    members[index].1.append(bare)
                } else {
                    members.append((name, [bare]))
                }
            }
        }
        return .object(
            members.map { name, schemas in
                let serialized = Set(schemas.map { $0.json.serialized(compact: true) })
                return (name, .sometimes(serialized.count == 1 ? schemas[0] : .anyOf(schemas)))
            })
    }

    static let dateForms = "Forms: YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago); days are Korean (Asia/Seoul) days."

    /// An option's schema: its kind's type and bounds, its help, its default; an array of them
    /// when it may repeat.
    static func schema(of option: OptionSpec) -> JSONValue {
        var value: [(String, JSONValue)]
        switch option.kind {
        case .flag: value = [("type", .string("boolean"))]
        case .text, .date: value = [("type", .string("string"))]
        case .integer(let range):
            value = [("type", .string("integer")), ("minimum", .integer(range.lowerBound)), ("maximum", .integer(range.upperBound))]
        case .seconds(let range):
            value = [("type", .string("number")), ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
        case .choice(let choices): value = [("type", .string("string")), ("enum", .array(choices.map(JSONValue.string)))]
        }
        var description = option.toolHelp
        if case .date = option.kind { description += " " + dateForms }
        var schema = option.repeats ? [("type", .string("array")), ("items", .object(value))] : value
        switch option.defaultValue {
        case .value(let text)?: schema.append(("default", defaultValue(text, of: option.kind)))
        case .described(let text)?: description += " Default: \(text)."
        case nil: break
        }
        schema.append(("description", .string(description)))
        return .object(schema)
    }

    /// A default as JSON of the option's type: `10`, not `"10"`.
    private static func defaultValue(_ text: String, of kind: OptionKind) -> JSONValue {
        switch kind {
        case .integer: Int64(text).map(JSONValue.integer) ?? .string(text)
        case .seconds: Double(text).map(JSONValue.number) ?? .string(text)
        case .flag, .text, .date, .choice: .string(text)
        }
    }
}
