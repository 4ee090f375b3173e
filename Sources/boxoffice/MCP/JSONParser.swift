import BoxOfficeApp
import BoxOfficeCore

/// Reads one JSON text into a `JSONValue`, keeping object members in order. Nesting is bounded,
/// so a hostile line of ten thousand `[` is an error, not a stack overflow.
struct JSONParser {
    /// Arrays and objects inside each other beyond this are refused.
    static let deepestNesting = 64

    struct Failure: Error {
        let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value the text holds, with nothing but white space around it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private func failure(_ reason: String) -> Failure {
        Failure(reason: "\(reason) at byte \(index)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"): return try container(close: UInt8(ascii: "}"), isObject: true)
        case UInt8(ascii: "["): return try container(close: UInt8(ascii: "]"), isObject: false)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("unexpected character")
        }
        index += count
    }

    private mutating func container(close: UInt8, isObject: Bool) throws(Failure) -> JSONValue {
        depth += 1
        guard depth <= Self.deepestNesting else { throw failure("nested deeper than \(Self.deepestNesting) levels") }
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == close {
            index += 1
            return isObject ? .object([]) : .array([])
        }
        while true {
            skipWhitespace()
            if isObject {
                guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
                let key = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipWhitespace()
                members.append((key, try value()))
            } else {
                elements.append(try value())
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == close else { throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))'") }
            index += 1
            return isObject ? .object(members) : .array(elements)
        }
    }

    /// A string's text. Runs between escapes are appended whole and each escape as one scalar:
    /// `String.UnicodeScalarView.append(contentsOf:)` copies the whole string every time, which
    /// made a 7 MiB answer full of escapes take seconds.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var text = ""
        var runStart = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                text += try run(from: runStart)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                text += try run(from: runStart)
                index += 1
                text.unicodeScalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
    }

    /// The bytes from `start` to the current one, which must be UTF-8.
    private func run(from start: Int) throws(Failure) -> String {
        guard start < index else { return "" }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self) else { throw failure("invalid UTF-8") }
        return text
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("lone surrogate")
                }
                index += 2
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second),
                    let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else {
                    throw failure("lone surrogate")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure("lone surrogate") }
            return scalar
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unterminated escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard skipDigits() else { throw failure("invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw failure("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
        return .number(double)
    }

    /// Skips digits; whether there was one.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index > start
    }
}
