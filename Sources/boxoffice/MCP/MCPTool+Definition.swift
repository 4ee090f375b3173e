import BoxOfficeCore

extension MCPTool {
    /// The tool as `tools/list` shows it: schemas made from the arguments and the command's
    /// option declarations (help and choices), annotations saying it only reads.
    var definition: JSONValue {
        let spec = self.spec
        var properties: [(String, JSONValue)] = []
        for argument in arguments {
            let option = argument.isPositional ? nil : spec?.option(named: argument.name)
            let help =
                argument.description
                ?? option?.helpWithDefault
                ?? spec?.arguments.first?.help
                ?? ""
            var schema: [(String, JSONValue)] = []
            switch argument.kind {
            case .string, .date: schema.append(("type", .string("string")))
            case .integer(let range):
                schema += [("type", .string("integer")), ("minimum", .integer(range.lowerBound)), ("maximum", .integer(range.upperBound))]
            case .boolean: schema.append(("type", .string("boolean")))
            }
            schema.append(("description", .string(argument.kind.isDate ? help + " " + Self.dateForms : help)))
            if let choices = option?.choices, !choices.isEmpty, argument.name != "region" {
                schema.append(("enum", .array(choices.map(JSONValue.string))))
            }
            properties.append((argument.name, .object(schema)))
        }
        let required = arguments.filter(\.isRequired).map { JSONValue.string($0.name) }
        var input: [(String, JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { input.append(("required", .array(required))) }
        input.append(("additionalProperties", .bool(false)))
        return .object([
            ("name", .string(name)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("inputSchema", .object(input)),
            ("outputSchema", .object([("type", .string("object")), ("description", .string(output))])),
            (
                "annotations",
                .object([
                    ("title", .string(title)),
                    ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)),
                    ("idempotentHint", .bool(true)), ("openWorldHint", .bool(true)),
                ])
            ),
        ])
    }

    static let dateForms = "Forms: YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd (N days ago); days are Korean (Asia/Seoul) days."
}

extension MCPTool.Kind {
    var isDate: Bool {
        if case .date = self { true } else { false }
    }
}
