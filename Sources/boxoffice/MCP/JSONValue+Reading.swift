import BoxOfficeApp
import BoxOfficeCore

/// What the server reads out of a JSON-RPC message.
extension JSONValue {
    /// An object's member by name; nil when absent or when this is not an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var isObject: Bool {
        if case .object = self { true } else { false }
    }

    var isNull: Bool {
        if case .null = self { true } else { false }
    }

    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The object's member names, in order.
    var memberNames: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.0)
    }

    /// The same value with every string, keys aside, transformed.
    func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text): .string(transform(text))
        case .array(let elements): .array(elements.map { $0.mappingStrings(transform) })
        case .object(let members): .object(members.map { ($0.0, $0.1.mappingStrings(transform)) })
        case .null, .bool, .integer, .number: self
        }
    }
}
