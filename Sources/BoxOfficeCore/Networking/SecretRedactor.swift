#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Removes API keys from what a service sends back, since services echo what they were sent
/// (Kakao's `wrong appKey(<key>) format`, a KOBIS fault quoting `parameterValue=<key>`).
/// A key is found whatever the case of its letters (a host name comes back lower-cased), and with
/// any of its bytes percent-encoded (`%XX`) or JSON-escaped (`\u00XX`, `\/`), which decoding turns
/// back into the key.
public struct SecretRedactor: Sendable {
    /// What a key is replaced with: plain ASCII, so JSON, CSV and terminals stay valid.
    public static let replacement = "[redacted]"
    /// Shorter values are not looked for: every body would be full of false matches, and no
    /// service issues keys that short.
    public static let shortestSecret = 8

    private let secrets: [[UInt8]]

    /// A redactor for these keys; nil and short ones are skipped.
    public init(secrets: [String?]) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.utf8.count >= Self.shortestSecret }.map { $0.utf8.map(Self.lowercased) }
    }

    /// The bytes with every key replaced.
    public func redact(_ data: Data) -> Data {
        guard !secrets.isEmpty else { return data }
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        var copiedUpTo = 0
        var index = 0
        while index < bytes.count {
            if let end = secrets.lazy.compactMap({ Self.match($0, in: bytes, at: index) }).first {
                result.append(contentsOf: bytes[copiedUpTo..<index])
                result.append(contentsOf: Self.replacementBytes)
                index = end
                copiedUpTo = end
            } else {
                index += 1
            }
        }
        guard copiedUpTo > 0 else { return data }
        result.append(contentsOf: bytes[copiedUpTo...])
        return Data(result)
    }

    /// The text with every key replaced.
    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        return String(decoding: redact(Data(utf8: text)), as: UTF8.self)
    }

    private static let replacementBytes = Array(replacement.utf8)
    private static let percent = UInt8(ascii: "%")
    private static let backslash = UInt8(ascii: "\\")

    /// Where a match of the lower-cased `secret` starting at `start` ends; nil if none. Each byte
    /// may come as it is, as `%XX` or as `\u00XX`, in either case, and a slash as `\/`.
    private static func match(_ secret: [UInt8], in bytes: [UInt8], at start: Int) -> Int? {
        var index = start
        for expected in secret {
            guard index < bytes.count else { return nil }
            if lowercased(bytes[index]) == expected {
                index += 1
            } else if bytes[index] == percent, let value = hexByte(bytes, at: index + 1), lowercased(value) == expected {
                index += 3
            } else if bytes[index] == backslash, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
                      hexByte(bytes, at: index + 2) == 0, let value = hexByte(bytes, at: index + 4), lowercased(value) == expected {
                index += 6
            } else if bytes[index] == backslash, expected == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == expected {
                index += 2
            } else {
                return nil
            }
        }
        return index
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The byte two hex digits spell at `index`, if they are there.
    private static func hexByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 1 < bytes.count, let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
