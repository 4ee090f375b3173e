/// A JSON document with object keys kept in the order they were written, so that our
/// output reads in the documented order.
package indirect enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int64)
    /// A number that may have a fraction.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their order.
    case object([(String, JSONValue)])

    /// An optional string, `null` when absent.
    package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An optional whole number, `null` when absent.
    package static func integer<Number: BinaryInteger>(_ value: Number?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
    /// An optional number, `null` when absent.
    package static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    /// An optional date as `YYYY-MM-DD`, `null` when absent.
    package static func date(_ value: KSTDate?) -> JSONValue { value.map { .string($0.iso) } ?? .null }

    /// The document pretty-printed with two-space indents, or on one line when `compact`.
    package func serialized(compact: Bool = false) -> String {
        var output = ""
        write(to: &output, indent: compact ? nil : 0)
        return output
    }

    /// The document pretty-printed as an element `depth` levels deep in another: its inner
    /// lines indented that much more, its first line not at all (what goes before it does that).
    package func serialized(atDepth depth: Int) -> String {
        var output = ""
        write(to: &output, indent: depth)
        return output
    }

    /// The indent of a line `depth` levels deep.
    package static func indentation(_ depth: Int) -> String {
        String(repeating: indentUnit, count: depth)
    }

    private static let indentUnit = "  "
    /// Doubles with no fraction below this print as integers (`100`, not `100.0`).
    private static let largestPlainInteger = 1e15

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", to: &output, indent: indent)
        case .object(let members):
            writeContainer(members.map { ($0.0, $0.1) }, open: "{", close: "}", to: &output, indent: indent)
        }
    }

    private func writeContainer(_ items: [(String?, JSONValue)], open: String, close: String, to output: inout String, indent: Int?) {
        output += open
        guard !items.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { $0 + 1 }
        for (index, (key, value)) in items.enumerated() {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: Self.indentUnit, count: inner) }
            if let key {
                Self.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
            }
            value.write(to: &output, indent: inner)
        }
        if let indent { output += "\n" + String(repeating: Self.indentUnit, count: indent) }
        output += close
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < largestPlainInteger { return String(Int64(value)) }
        return "\(value)"
    }

    /// Escapes quotes, backslashes, every control character, DEL, C1 controls and bidirectional
    /// overrides, so that `cat`ting our JSON can never drive a terminal.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        output.append(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: needsEscape(scalar) ? unicodeEscape(scalar) : nil
            }
        }
        output += "\""
    }

    /// `\u` and four upper-case hex digits; every scalar escaped is in the Basic Multilingual Plane.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension JSONValue {
    /// An object's members in order; none for any other value.
    package var members: [(String, JSONValue)] {
        guard case .object(let members) = self else { return [] }
        return members
    }

    /// The object with a member added right after `key` (at the end without it): a field a
    /// command adds to a model's own, such as the page it showed.
    package func inserting(_ member: (String, JSONValue), after key: String) -> JSONValue {
        var members = members
        let index = members.firstIndex { $0.0 == key }.map { $0 + 1 } ?? members.endIndex
        members.insert(member, at: index)
        return .object(members)
    }

    /// The elements of an object's array member, for a JSONL record a line; empty when absent.
    package func elements(of member: String) -> [JSONValue] {
        guard case .object(let members) = self, case .array(let elements)? = members.first(where: { $0.0 == member })?.1 else { return [] }
        return elements
    }
}
