/// A JSON Schema (2020-12) of a JSON contract, declared beside the encoder it describes: a model's
/// schema switches over the same `CodingKeys` its `encode(to:)` writes, so a key added to one is
/// a compile error until the other names it. A tool's `outputSchema` is made of these.
package indirect enum JSONSchema: Sendable {
    /// Any string.
    case string
    /// A whole number.
    case integer
    /// Any number.
    case number
    /// `true` or `false`.
    case boolean
    /// A day, `YYYY-MM-DD`.
    case date
    /// One of these strings.
    case choice([String])
    /// This, or `null`.
    case nullable(JSONSchema)
    /// An array of these.
    case array(JSONSchema)
    /// An object of exactly these members, each required unless it is `sometimes`.
    case object([(String, JSONSchema)])
    /// An object member that is left out at times (`posterURL` without `--posters`).
    case sometimes(JSONSchema)
    /// Exactly this value.
    case constant(JSONValue)
    /// Any one of these.
    case anyOf([JSONSchema])
    /// An object of any members, each one of these (a row of an SQL query, keyed by its columns).
    case dictionary(JSONSchema)

    /// An object with a member for each coding key, in their order, described by `member`.
    package static func object<Key: CodingKey & CaseIterable>(_ keys: Key.Type, _ member: (Key) -> JSONSchema) -> JSONSchema {
        .object(Key.allCases.map { ($0.stringValue, member($0)) })
    }

    /// The same object with a member added after `key` (first without one): a field a command
    /// adds to a model's own, as `JSONValue.inserting(_:after:)` adds it.
    package func inserting(_ added: (String, JSONSchema), after key: String?) -> JSONSchema {
        guard case .object(var members) = self else { return self }
        let index = key.flatMap { key in members.firstIndex { $0.0 == key }.map { $0 + 1 } } ?? 0
        members.insert(added, at: index)
        return .object(members)
    }

    /// The same object with the member `key` described otherwise.
    package func replacing(_ key: String, with schema: JSONSchema) -> JSONSchema {
        guard case .object(let members) = self else { return self }
        return .object(members.map { $0.0 == key ? ($0.0, schema) : $0 })
    }

    /// The schema as JSON.
    package var json: JSONValue {
        switch self {
        case .string: return Self.type("string")
        case .integer: return Self.type("integer")
        case .number: return Self.type("number")
        case .boolean: return Self.type("boolean")
        case .date: return .object([("type", .string("string")), ("pattern", .string(Self.datePattern))])
        case .choice(let words): return .object([("type", .string("string")), ("enum", .array(words.map(JSONValue.string)))])
        case .nullable(let schema):
            switch schema {
            case .string, .integer, .number, .boolean, .date, .choice:
                // The type may also be null; an enum must list null among its values to allow it.
                return .object(
                    schema.json.members.map { key, value in
                        switch (key, value) {
                        case ("type", .string(let name)): (key, .array([.string(name), .string("null")]))
                        case ("enum", .array(let words)): (key, .array(words + [.null]))
                        default: (key, value)
                        }
                    })
            default:
                return .object([("anyOf", .array([schema.json, Self.type("null")]))])
            }
        case .array(let elements): return .object([("type", .string("array")), ("items", elements.json)])
        case .sometimes(let schema): return schema.json
        case .constant(let value): return .object([("const", value)])
        case .anyOf(let schemas): return .object([("anyOf", .array(schemas.map(\.json)))])
        case .dictionary(let values): return .object([("type", .string("object")), ("additionalProperties", values.json)])
        case .object(let members):
            let required = members.filter { !$0.1.isSometimes }.map { JSONValue.string($0.0) }
            return .object([
                ("type", .string("object")),
                ("properties", .object(members.map { ($0.0, $0.1.json) })),
                ("required", .array(required)),
                ("additionalProperties", .bool(false)),
            ])
        }
    }

    /// How a day is written: `2023-08-18`.
    static let datePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

    private static func type(_ name: String) -> JSONValue {
        .object([("type", .string(name))])
    }

    private var isSometimes: Bool {
        if case .sometimes = self { true } else { false }
    }
}
