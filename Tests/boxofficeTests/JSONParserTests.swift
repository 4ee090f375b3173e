import BoxOfficeCore
import Testing

@testable import BoxOfficeApp
@testable import boxoffice

/// The reader of `boxoffice mcp`'s messages (and, until tools stop going through the CLI's JSON,
/// of every answer): strings come back exact, escapes and all.
struct JSONParserTests {
    static func string(_ json: String) throws -> String? {
        try JSONParser.parse(Array(json.utf8)).stringValue
    }

    @Test func escapesBetweenRunsOfTextComeBackExact() throws {
        let parsed = try #require(try Self.string(#""a\"b\\c\/d\n\u202Ee\u0301\ud83c\udfac가""#))
        #expect(Array(parsed.unicodeScalars) == Array("a\"b\\c/d\n\u{202E}e\u{301}🎬가".unicodeScalars))
        #expect(try Self.string(#""""#) == "")
        #expect(try Self.string(#""\n""#) == "\n")
    }

    @Test func aLongStringOfEscapesIsReadWhole() throws {
        // Read a scalar at a time into a scalar view, this took seconds: each append copied the string.
        let count = 200_000
        let parsed = try #require(try Self.string("\"" + String(repeating: #"a\""#, count: count) + "\""))
        #expect(parsed.utf8.count == 2 * count && parsed.hasPrefix("a\"a\""))
    }

    @Test(arguments: [
        ("\"\u{1}\"", "control character in a string at byte 1"),
        (#""\ud83c""#, "lone surrogate at byte 7"),
        (#""\x""#, "invalid escape at byte 3"),
        ("\"ab", "unterminated string at byte 3"),
    ])
    func brokenStringsAreRefusedWithWhereTheyBroke(json: String, reason: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(json.utf8)) }
        do {
            _ = try JSONParser.parse(Array(json.utf8))
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0x61, 0xFF, 0x22]) }
    }
}
