import Foundation
import TestSupport
import Testing
@testable import BoxOfficeCore

/// Keys are found however a service echoes them: as they are, percent-encoded or JSON-escaped, in any case.
struct SecretRedactorTests {
    let redactor = SecretRedactor(secrets: ["abc-DEF_123+/x", nil, "short"])

    @Test func plainAndPercentEncodedFormsAreReplaced() {
        #expect(redactor.redact("wrong appKey(abc-DEF_123+/x) format") == "wrong appKey([redacted]) format")
        #expect(redactor.redact("v=abc%2DDEF_123%2B%2Fx&") == "v=[redacted]&")
        #expect(redactor.redact("v=%61bc-DEF%5f123%2b%2fx") == "v=[redacted]")
        #expect(redactor.redact("abc-DEF_123+/xabc-DEF_123+/x") == "[redacted][redacted]")
    }

    @Test func jsonEscapedAndDifferentlyCasedFormsAreReplaced() {
        #expect(redactor.redact(#"{"movieNm":"\u0061bc-DEF_123+\/x"}"#) == #"{"movieNm":"[redacted]"}"#)
        #expect(redactor.redact(#"\u0041\u0042\u0043\u002d\u0064\u0065\u0066_123+/x"#) == "[redacted]")
        #expect(redactor.redact("to another host, abc-def_123+/x.example") == "to another host, [redacted].example")
        #expect(redactor.redact("ABC-DEF_123%2B/X") == "[redacted]")
        #expect(redactor.redact(#"\u00"#) == #"\u00"#)
    }

    @Test func aKeyBeyondASCIIIsFoundToo() {
        let redactor = SecretRedactor(secrets: ["키-밀수-0123"])
        #expect(redactor.redact("x키-밀수-0123y") == "x[redacted]y")
        #expect(redactor.redact("x키\u{202E}-밀\u{1B}[0m수-0123y") == "x[redacted]y")
        #expect(redactor.redact("x키-밀수-012") == "x키-밀수-012")
    }

    @Test func otherTextIsLeftAsItIs() {
        #expect(redactor.redact("abc-DEF_123+/ nearly") == "abc-DEF_123+/ nearly")
        #expect(redactor.redact("a short key is not looked for") == "a short key is not looked for")
        let body = Data("{\"movieNm\":\"밀수\"}".utf8)
        #expect(redactor.redact(body) == body)
    }

    // MARK: Disguises the sanitizer would undo

    static let key = "abc-DEF_123+/x"

    /// The key with `separator` between each pair of its characters.
    static func disguised(_ separator: String) -> String {
        key.map(String.init).joined(separator: separator)
    }

    /// What a terminal shows of a body: JSON-decoded, then sanitized.
    static func shown(_ json: String) throws -> String {
        let value = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))["t"] ?? ""
        return TerminalText.sanitize(value)
    }

    /// The text as it stands inside a JSON string Foundation writes (controls as `\u00XX`).
    static func jsonEscaped(_ text: String) throws -> String {
        let body = String(decoding: try JSONEncoder().encode(["t": text]), as: UTF8.self)
        return String(body.dropFirst(#"{"t":""#.count).dropLast(#""}"#.count))
    }

    /// Things `TerminalText.sanitize` removes. (A lone ESC is not one: it takes the next character with it.)
    static let removedSeparators = [
        "\u{01}", "\u{7F}", "\u{85}", "\u{9C}", "\u{061C}", "\u{200E}", "\u{202E}", "\u{2066}",
        "\u{1B}[0m", "\u{1B}[?25l", "\u{9B}31m", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;https://e.invalid\u{1B}\\", "\u{9D}x\u{9C}",
        "\u{1B}P1$q\u{1B}\\", "\u{1B}(B", "\u{1B}c", "\u{1B}[0m\u{202E}\u{01}", "\u{1B}]0;😀 \\ \"\u{1B}\\",
    ]

    /// The same kind of things as a server may escape them by hand in JSON.
    static let escapedSeparators = [
        #"\u0001"#, #"\u001B[31m"#, #"\u007f"#, #"\u0085"#, #"\u202e"#, #"\u200F"#, #"\u001b]0;x\u0007"#, #"\u009b2J"#,
        #"\b"#, #"\f"#, #"\u001b]0;\ud83d\ude00\/\\\u001b\\"#, "\u{202E}",
    ]

    @Test(arguments: removedSeparators)
    func aKeyWithRemovedCharactersBetweenItsCharactersIsReplaced(_ separator: String) throws {
        let text = "Leak " + Self.disguised(separator) + " end"
        #expect(redactor.redact(text) == "Leak [redacted] end", "\(separator.debugDescription)")
        let body = #"{"t":""# + (try Self.jsonEscaped(text)) + #""}"#
        let redacted = redactor.redact(body)
        #expect(redacted == #"{"t":"Leak [redacted] end"}"#, "\(body)")
        #expect(try Self.shown(redacted) == "Leak [redacted] end")
    }

    @Test(arguments: escapedSeparators)
    func aKeyWithEscapedRemovedCharactersBetweenItsCharactersIsReplaced(_ separator: String) throws {
        let body = #"{"t":"Leak "# + Self.disguised(separator) + #" end"}"#
        let shownBefore = try Self.shown(body)
        #expect(shownBefore.contains(Self.key), "the disguise is one: \(shownBefore)")
        let redacted = redactor.redact(body)
        #expect(redacted == #"{"t":"Leak [redacted] end"}"#, "\(separator)")
    }

    @Test func whatEndsASequenceIsNotSkippedAsPartOfIt() {
        // `ESC b` is a whole sequence, so the b is not shown: the key's own b cannot hide in one.
        #expect(redactor.redact("a\u{1B}bc-DEF_123+/x") == "a\u{1B}bc-DEF_123+/x")
        // A string never ended swallows the rest: what follows is not shown, and not a key.
        #expect(redactor.redact("a\u{1B}]0;bc-DEF_123+/x") == "a\u{1B}]0;bc-DEF_123+/x")
        // After the sequence ends, the key goes on.
        #expect(redactor.redact("a\u{1B}]0;b\u{07}bc-DEF_123+/x") == "[redacted]")
    }

    @Test func aKeySpacedOutByWhatTheReaderSeesIsNotTheKey() {
        // Visible marks between its characters make other text; blank space does not (it is
        // scrubbed, SecretRedactorInterleavedTests).
        for separator in ["·", "\u{1B}밀", "-"] {
            let text = Self.disguised(separator)
            #expect(redactor.redact(text) == text, "\(separator.debugDescription)")
        }
        for separator in [" ", "\t", "\n", "\r\n", "\u{2028}", "%20"] {
            #expect(redactor.redact(Self.disguised(separator)) == "[redacted]", "\(separator.debugDescription)")
        }
    }

    @Test func randomDisguisesNeverShowTheKey() throws {
        let separators = try Self.removedSeparators.map(Self.jsonEscaped) + Self.escapedSeparators
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var body = #"{"t":""#
            for character in Self.key {
                body += try Self.jsonEscaped(String(character))
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    body += separators.randomElement(using: &generator) ?? ""
                }
            }
            body += #""}"#
            let shown = try Self.shown(redactor.redact(body))
            #expect(shown == "[redacted]", "\(body)")
        }
    }
}

/// A key that itself holds a tab, a line break or a line separator: a terminal shows it spaced
/// out, JSON as escapes, raw text as it is; every one of those is the key.
struct SecretRedactorSpacedKeyTests {
    static let separators = ["\t", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}"]

    @Test(arguments: separators)
    func aKeyHoldingSpacingIsFoundHoweverItIsShown(_ separator: String) throws {
        let key = "abcd" + separator + "EFGH-1234"
        let redactor = SecretRedactor(secrets: [key])
        let text = "Leak " + key + " end"
        #expect(redactor.redact(text) == "Leak [redacted] end", "raw \(separator.debugDescription)")
        #expect(redactor.redact(TerminalText.sanitize(text)) == "Leak [redacted] end", "shown \(separator.debugDescription)")
        let body = #"{"t":""# + (try SecretRedactorTests.jsonEscaped(text)) + #""}"#
        #expect(redactor.redact(body) == #"{"t":"Leak [redacted] end"}"#, "JSON \(body)")
        let spacedOut = "abcd" + String(repeating: " ", count: separator.unicodeScalars.count) + "EFGH-1234"
        #expect(redactor.redact("<p>" + spacedOut + "</p>") == "<p>[redacted]</p>", "as a service spaces it out")
        let percentEncoded = "abcd" + separator.utf8.map { "%" + String(format: "%02X", $0) }.joined() + "EFGH-1234"
        #expect(redactor.redact("key=" + percentEncoded + "&") == "key=[redacted]&", "\(percentEncoded)")
        let handEscaped = #"{"t":"abcd\u"# + String(format: "%04x", separator.unicodeScalars.first?.value ?? 0) + #"EFGH-1234"}"#
        if separator.unicodeScalars.count == 1 {
            #expect(redactor.redact(handEscaped) == #"{"t":"[redacted]"}"#, "JSON \(handEscaped)")
        }
    }
}

/// An app may hand the client such a key (the CLI refuses one); a service's echo of it, as its
/// fault message or inside a chart, is scrubbed all the same.
struct SpacedKeyClientTests {
    @Test(arguments: SecretRedactorSpacedKeyTests.separators)
    func aServicesEchoOfASpacedKeyIsScrubbed(_ separator: String) async throws {
        let key = "abcd" + separator + "EFGH-1234"
        let escaped = String(decoding: try JSONEncoder().encode(key), as: UTF8.self).dropFirst().dropLast()
        // Echoed as sent, and as a service that spaces out what it quotes shows it.
        let spacedOut = "abcd" + String(repeating: " ", count: separator.unicodeScalars.count) + "EFGH-1234"
        let fault = #"{"faultInfo":{"message":"잘못된 키: \#(escaped), \#(spacedOut)","errorCode":"320102"}}"#
        let configuration = ClientConfiguration(kobisKey: key, kobisBaseURL: try #require(URL(string: "https://kobis.test/rest")))
        let client = BoxOfficeClient(configuration: configuration, loader: StubLoader(body: Data(fault.utf8)))
        do {
            _ = try await client.dailyChart(on: try #require(KSTDate(year: 2023, month: 8, day: 18)))
            Issue.record("the fault was not an error")
        } catch {
            let text = "\(error)"
            #expect(text.contains("[redacted]"), "\(text)")
            for shown in [key, TerminalText.sanitize(key), "EFGH-1234"] {
                #expect(!text.contains(shown), "\(text.debugDescription) shows \(shown.debugDescription)")
            }
        }
    }
}

/// A range's output is scrubbed a piece at a time as it is written; wherever the pieces split it,
/// the result is what scrubbing the whole would give.
struct SecretRedactorStreamTests {
    static let redactor = SecretRedactor(secrets: ["abc-DEF_123+/x", "KOBISKEY-leakcheck-7f3a9c"])

    /// Texts as the streamed formats hold them (no raw ESC: CSV drops it, JSON escapes it), keys
    /// whole, encoded, re-cased, or spread over several lines behind what a terminal would swallow.
    static let texts = [
        "2023-08-01,abc-DEF_123+/x,1\n2023-08-02,nothing here,2\n",
        #"{"title":"v=%61bc-DEF%5f123%2b%2fx"},{"title":"ABC-def_123+/X"}"# + "\n",
        #"{"title":"KOBISKEY-leak\u001B]0;"}"# + "\n" + #"{"title":"swallowed\u0007check-7f3a9c"}"# + "\n",
        "abc-DEF_123+/",
        "abc-DEF_123+/xabc-DEF_123+/xabc",
        #"a\u0061bc-DEF_123+\/x%"#,
        "",
    ]

    /// The text scrubbed a piece at a time, cut at the given places.
    static func streamed(_ text: String, cutAt cuts: [Int]) -> String {
        let bytes = Array(text.utf8)
        var stream = SecretRedactor.Stream(redactor)
        var output: [UInt8] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            output += stream.redact(bytes[start..<cut])
            start = cut
        }
        output += stream.finish()
        return String(decoding: output, as: UTF8.self)
    }

    @Test(arguments: texts)
    func everyPlaceTheTextIsCutGivesWhatTheWholeGives(_ text: String) {
        let whole = Self.redactor.redact(text)
        let length = text.utf8.count
        for cut in 0...length {
            #expect(Self.streamed(text, cutAt: [cut]) == whole, "cut at \(cut)")
        }
        // And a byte at a time.
        #expect(Self.streamed(text, cutAt: Array(0...length)) == whole)
    }

    @Test func aKeySpreadOverTwoDaysIsScrubbed() {
        let text = Self.texts[2]
        #expect(!Self.redactor.redact(text).contains("7f3a9c"), "the whole reading finds it")
        let middle = text.utf8.count / 2
        #expect(!Self.streamed(text, cutAt: [middle]).contains("7f3a9c"))
    }
}

/// A service that echoes the key with blank space between every character (a CR, an LF, a tab,
/// U+2028): what a reader sees, `K o b i s K 3 y …`, is the key, and is scrubbed.
struct SecretRedactorInterleavedTests {
    @Test(arguments: ["\t", "\r", "\n", "\r\n", "\u{2028}", " "])
    func aKeyWithBlankSpaceBetweenItsCharactersIsScrubbed(_ separator: String) {
        let key = "KobisK3yABCDEF1234567890"
        let redactor = SecretRedactor(secrets: [key])
        let interleaved = key.map(String.init).joined(separator: separator)
        #expect(redactor.redact("wrong key " + interleaved + ".") == "wrong key [redacted].", "\(separator.debugDescription)")
        #expect(redactor.redact(TerminalText.sanitize("wrong key " + interleaved)) == "wrong key [redacted]")
        let json =
            #"{"message":"wrong key "#
            + interleaved.replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t") + #""}"#
        #expect(redactor.redact(json) == #"{"message":"wrong key [redacted]"}"#, "\(json)")
        // Words that merely share the key's first letters stay.
        #expect(redactor.redact("K o b i s is a service") == "K o b i s is a service")
    }
}
