import Foundation

/// Removes API keys from what a service sends back, since services echo what they were sent
/// (Kakao's `wrong appKey(<key>) format`, a KOBIS fault quoting `parameterValue=<key>`).
/// A key is found as it is and percent-encoded, any of its bytes as `%XX` in either case.
public struct SecretRedactor: Sendable {
    /// What a key is replaced with: plain ASCII, so JSON, CSV and terminals stay valid.
    public static let replacement = "[redacted]"
    /// Shorter values are not looked for: every body would be full of false matches, and no
    /// service issues keys that short.
    public static let shortestSecret = 8

    private let secrets: [[UInt8]]

    /// A redactor for these keys; nil and short ones are skipped.
    public init(secrets: [String?]) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.utf8.count >= Self.shortestSecret }.map { Array($0.utf8) }
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
        return String(decoding: redact(Data(text.utf8)), as: UTF8.self)
    }

    private static let replacementBytes = Array(replacement.utf8)
    private static let percent = UInt8(ascii: "%")

    /// Where a match of `secret` starting at `start` ends, each byte literal or `%XX`; nil if none.
    private static func match(_ secret: [UInt8], in bytes: [UInt8], at start: Int) -> Int? {
        var index = start
        for expected in secret {
            guard index < bytes.count else { return nil }
            if bytes[index] == expected {
                index += 1
            } else if bytes[index] == percent, index + 2 < bytes.count,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]), high << 4 | low == expected {
                index += 3
            } else {
                return nil
            }
        }
        return index
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
