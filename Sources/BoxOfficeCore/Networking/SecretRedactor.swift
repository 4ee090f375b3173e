#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Removes API keys from what a service sends back, since services echo what they were sent
/// (Kakao's `wrong appKey(<key>) format`, a KOBIS fault quoting `parameterValue=<key>`).
/// A key is found whatever the case of its letters (a host name comes back lower-cased), with any
/// of its bytes percent-encoded (`%XX`) or JSON-escaped (`\u00XX`, `\/`), which decoding turns
/// back into the key, and with anything between its characters that `TerminalText.sanitize`
/// removes (controls, bidirectional controls, whole escape sequences, in any of those forms): what
/// a reader would see as the key is the key. A key is looked for as a reader sees it too: spaces,
/// tabs, line breaks or U+2028 between its characters leave it readable, and are scrubbed with it.
package struct SecretRedactor: Sendable {
    /// What a key is replaced with: plain ASCII, so JSON, CSV and terminals stay valid.
    package static let replacement = "[redacted]"
    /// Shorter values are not looked for: every body would be full of false matches, and no
    /// service issues keys that short.
    package static let shortestSecret = 8

    private let secrets: [[UInt8]]

    /// A redactor for these keys; nil and short ones are skipped.
    package init(secrets: [String?]) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.utf8.count >= Self.shortestSecret }
            .map { secret in
                // Matched as a reader sees it: blank space inside a key is passed over like any other.
                let shown = TerminalText.sanitize(secret).unicodeScalars.filter { !Self.spacesOut($0) }
                return String(String.UnicodeScalarView(shown)).utf8.map(Self.lowercased)
            }
            .filter { !$0.isEmpty }
    }

    /// The bytes with every key replaced.
    package func redact(_ data: Data) -> Data {
        guard !secrets.isEmpty else { return data }
        // Read as JSON, where `\b` is one escape; and where a raw ESC may precede a backslash,
        // again as plain text, where the backslash is itself (ending a string, `ESC \`): a key
        // either reading shows is replaced. (JSON has no raw ESC, and reading plain text as JSON
        // only ever skips more.) Read in place: an answer is not copied to be looked at.
        let fromJSON = Self.reading(data) { replacingSecrets(in: $0, decodingJSON: true) }
        let fromText: [UInt8]?
        if let fromJSON {
            fromText = fromJSON.contains(Self.escape) ? fromJSON.withUnsafeBufferPointer { replacingSecrets(in: $0, decodingJSON: false) } : nil
        } else {
            fromText = Self.reading(data) { $0.contains(Self.escape) ? replacingSecrets(in: $0, decodingJSON: false) : nil }
        }
        guard let redacted = fromText ?? fromJSON else { return data }
        return Data(redacted)
    }

    /// What `body` makes of the data's bytes, read where they are.
    private static func reading<Result>(_ data: Data, _ body: (Bytes) -> Result) -> Result {
        data.withUnsafeBytes { raw in raw.withMemoryRebound(to: UInt8.self, body) }
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The bytes with every key replaced, or nil when there is none.
    private func replacingSecrets(in bytes: Bytes, decodingJSON: Bool) -> [UInt8]? {
        scan(bytes, decodingJSON: decodingJSON, isWhole: true).replaced
    }

    /// Reads `bytes` for keys from the start. Of text that may go on (`isWhole` false), it stops
    /// where a key could begin that the bytes so far cannot confirm or rule out, and says where:
    /// `replaced` is then what comes before that, keys replaced (nil when none was found there).
    private func scan(_ bytes: Bytes, decodingJSON: Bool, isWhole: Bool) -> (replaced: [UInt8]?, decided: Int) {
        var result: [UInt8] = []
        var copiedUpTo = 0
        // Most bytes can start no key: only a key's first character or an escape's first byte can.
        var starts = [Bool](repeating: false, count: 256)
        for secret in secrets {
            if let first = secret.first {
                starts[Int(first)] = true
                starts[Int(Self.uppercased(first))] = true
            }
        }
        starts[Int(Self.percent)] = true
        starts[Int(Self.backslash)] = decodingJSON
        var index = 0
        scanning: while index < bytes.count {
            guard starts[Int(bytes[index])] else {
                index += 1
                continue
            }
            var outcome = Match.none
            for secret in secrets {
                outcome = Self.match(secret, in: bytes, at: index, decodingJSON: decodingJSON, isWhole: isWhole)
                if case .none = outcome { continue }
                break
            }
            switch outcome {
            case .none:
                index += 1
            case .key(let end):
                result.append(contentsOf: bytes[copiedUpTo..<index])
                result.append(contentsOf: Self.replacementBytes)
                index = end
                copiedUpTo = end
            case .undecided:
                break scanning
            }
        }
        guard copiedUpTo > 0 else { return (nil, index) }
        result.append(contentsOf: bytes[copiedUpTo..<index])
        return (result, index)
    }

    /// What the bytes at a place hold: a key ending at an index, none, or (when more text may
    /// follow) not yet known.
    private enum Match {
        case key(end: Int)
        case none
        case undecided
    }

    /// Text written piece by piece (a range printed as it is fetched), scrubbed as `redact`
    /// scrubs the whole of it: what could still be the start of a key is held back until the
    /// pieces after it tell. Where the text holds an ESC, which none of the formats written this
    /// way can (CSV and TSV drop it, JSON escapes it), the plain-text reading is done piece by piece.
    package struct Stream: Sendable {
        private let redactor: SecretRedactor
        private var held: [UInt8] = []
        /// How much must be held before it is read again.
        private var readAgainAt = 0

        /// A stream scrubbed of `redactor`'s keys.
        package init(_ redactor: SecretRedactor) {
            self.redactor = redactor
        }

        /// The scrubbed text that can be let out once `piece` is added.
        package mutating func redact(_ piece: some Collection<UInt8>) -> [UInt8] {
            guard !redactor.secrets.isEmpty else { return Array(piece) }
            held.append(contentsOf: piece)
            guard held.count >= readAgainAt else { return [] }
            let (replaced, decided) = held.withUnsafeBufferPointer { redactor.scan($0, decodingJSON: true, isWhole: false) }
            var out = replaced ?? Array(held[..<decided])
            held.removeFirst(decided)
            // A possible key still open is read again once what is held has doubled, so that a
            // long one costs time in proportion to its length, not to its square.
            readAgainAt = 2 * held.count
            if out.contains(SecretRedactor.escape) {
                out = out.withUnsafeBufferPointer { redactor.replacingSecrets(in: $0, decodingJSON: false) } ?? out
            }
            return out
        }

        /// The rest of the text, scrubbed.
        package mutating func finish() -> [UInt8] {
            defer {
                held = []
                readAgainAt = 0
            }
            return held.isEmpty ? [] : [UInt8](redactor.redact(Data(held)))
        }
    }

    /// The text with every key replaced.
    package func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        return String(decoding: redact(Data(utf8: text)), as: UTF8.self)
    }

    private static let replacementBytes = Array(replacement.utf8)
    private static let percent = UInt8(ascii: "%")
    private static let backslash = UInt8(ascii: "\\")
    private static let escape: UInt8 = 0x1B
    /// What a `\\uD800`-`\\uDFFF` escape stands for here: half a scalar, shown as text unless a
    /// sequence swallows it.
    private static let replacementScalar: Unicode.Scalar = "\u{FFFD}"

    /// Where a match of the lower-cased `secret` starting at `start` ends, if there is one. Each
    /// character may come as it is, as `%XX` or (when decoding JSON) as a JSON escape, in either
    /// case; after the first, whatever the sanitizer would remove may stand between them. Of
    /// text that may go on (`isWhole` false), a unit too near its end to be read whole leaves the
    /// match undecided.
    private static func match(_ secret: [UInt8], in bytes: Bytes, at start: Int, decodingJSON: Bool, isWhole: Bool) -> Match {
        var index = start
        var matched = 0
        var filter = ControlSequenceFilter()
        while matched < secret.count {
            if !isWhole, bytes.count - index < longestUnit { return .undecided }
            guard let (scalar, length) = unit(bytes, at: index, decodingJSON: decodingJSON) else { return .none }
            index += length
            // Before the first character nothing is skipped: the match starts at the key. After
            // it, what a reader sees as blank space between characters (a space, a tab, a line
            // break, U+2028) is passed over as what the sanitizer removes is: "K\tE\tY" reads as
            // the key spaced out.
            if matched > 0, !filter.keeps(scalar) || Self.spacesOut(scalar) { continue }
            // The scalar's UTF-8 bytes must be the key's next ones (a key is ASCII, but need not be).
            var agrees = true
            UTF8.encode(TerminalText.shownSpacing(scalar)) { byte in
                agrees = agrees && matched < secret.count && lowercased(byte) == secret[matched]
                matched += 1
            }
            guard agrees else { return .none }
        }
        return .key(end: index)
    }

    /// Blank space between a key's characters that leaves it readable: space, tab, CR, LF, NEL,
    /// U+2028 and U+2029.
    private static func spacesOut(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The most bytes one unit spans: a scalar percent-encoded as four `%XX` bytes.
    private static let longestUnit = 12

    /// The scalar at `index` and how many bytes spell it: a `%XX` byte, a JSON escape if asked
    /// for, or UTF-8 (a byte that starts none is one U+FFFD); nil at the end.
    private static func unit(_ bytes: Bytes, at index: Int, decodingJSON: Bool) -> (Unicode.Scalar, Int)? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        if byte == percent, let value = hexByte(bytes, at: index + 1) {
            guard value >= 0x80 else { return (Unicode.Scalar(value), 3) }
            // A scalar beyond ASCII is percent-encoded one UTF-8 byte at a time (`%E2%80%A8`).
            var encoded = [value]
            while encoded.count < 4, bytes.count > index + 3 * encoded.count, bytes[index + 3 * encoded.count] == percent,
                let next = hexByte(bytes, at: index + 3 * encoded.count + 1), next & 0xC0 == 0x80
            {
                encoded.append(next)
            }
            let (scalar, length) = encoded.withUnsafeBufferPointer { utf8Scalar($0, at: 0) }
            return (scalar, 3 * length)
        }
        if decodingJSON, byte == backslash, index + 1 < bytes.count {
            switch bytes[index + 1] {
            case UInt8(ascii: "u"):
                if let high = hexByte(bytes, at: index + 2), let low = hexByte(bytes, at: index + 4) {
                    return (Unicode.Scalar(UInt32(high) << 8 | UInt32(low)) ?? replacementScalar, 6)
                }
            case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): return (Unicode.Scalar(bytes[index + 1]), 2)
            case UInt8(ascii: "b"): return ("\u{08}", 2)
            case UInt8(ascii: "f"): return ("\u{0C}", 2)
            case UInt8(ascii: "n"): return ("\n", 2)
            case UInt8(ascii: "r"): return ("\r", 2)
            case UInt8(ascii: "t"): return ("\t", 2)
            default: break
            }
        }
        return utf8Scalar(bytes, at: index)
    }

    /// The UTF-8 scalar starting at `index`, or U+FFFD for one byte that starts none.
    private static func utf8Scalar(_ bytes: Bytes, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return (replacementScalar, 1)
        }
        guard index + length <= bytes.count else { return (replacementScalar, 1) }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return (replacementScalar, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        // Overlong forms and surrogates are not scalars.
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= shortest, let scalar = Unicode.Scalar(value) else { return (replacementScalar, 1) }
        return (scalar, length)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    /// The byte two hex digits spell at `index`, if they are there.
    private static func hexByte(_ bytes: Bytes, at index: Int) -> UInt8? {
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
