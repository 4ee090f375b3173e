@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

struct JSONValueTests {
    /// Parses our output with Foundation's parser, the way `jq` or a script would read it.
    static func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(JSONValue.string(#"say "hi" \ bye"#).serialized() == #""say \"hi\" \\ bye""#)
    }

    @Test func lineBreaksAndTabsUseTheirShortEscapes() {
        #expect(JSONValue.string("a\nb\rc\td").serialized() == #""a\nb\rc\td""#)
    }

    @Test func terminalControlsAreEscapedAsCodePoints() {
        #expect(JSONValue.string("\u{1B}[31mred").serialized() == #""\u001B[31mred""#)
        #expect(JSONValue.string("\u{9B}2J").serialized() == #""\u009B2J""#, "C1 CSI would clear a terminal")
        #expect(JSONValue.string("\u{202E}txt.exe").serialized() == #""\u202Etxt.exe""#)
        #expect(JSONValue.string("\u{7F}\u{85}\u{2028}\u{2029}\u{2066}\u{061C}").serialized() == #""\u007F\u0085\u2028\u2029\u2066\u061C""#)
        #expect(JSONValue.string("\u{0}").serialized() == #""\u0000""#)
    }

    @Test(
        arguments: Array(0...0x9F) + [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029])
    func everyControlIsEscapedAndRoundTrips(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let original = "<" + String(Character(scalar)) + ">"
        let text = JSONValue.string(original).serialized()
        let isPrintable = (0x20...0x7E).contains(value)
        if !isPrintable {
            #expect(!text.unicodeScalars.contains(scalar), "U+\(String(value, radix: 16)) reached the output raw")
        }
        #expect(try Self.parsed(text) as? String == original, "JSON keeps the text exact: \(text)")
    }

    @Test func koreanAndEmojiStayReadable() throws {
        let text = JSONValue.string("콘크리트 유토피아 🎬 e\u{301}").serialized()
        #expect(text == "\"콘크리트 유토피아 🎬 e\u{301}\"")
        #expect(Array(try #require(try Self.parsed(text) as? String).unicodeScalars) == Array("콘크리트 유토피아 🎬 e\u{301}".unicodeScalars))
    }

    @Test func theTextAroundAnEscapeKeepsItsExactScalars() {
        // A quote and the combining mark after it are one character; escaped, the quote leaves
        // the mark to start the next run, which must be copied from that very scalar.
        let text = JSONValue.string("e\"\u{301}\\\u{301}\u{202E}\u{301}").serialized()
        #expect(Array(text.unicodeScalars) == Array(#""e\"\#u{301}\\\#u{301}\u202E\#u{301}""#.unicodeScalars), "\(text.debugDescription)")
    }

    @Test func integralDoublesPrintAsIntegers() {
        #expect(JSONValue.number(100.0).serialized() == "100")
        #expect(JSONValue.number(-3871.0).serialized() == "-3871")
        #expect(JSONValue.number(-0.0).serialized() == "0")
        #expect(JSONValue.number(32.4).serialized() == "32.4")
        #expect(JSONValue.number(-3.3).serialized() == "-3.3")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONValue.number(Double.nan).serialized() == "null")
        #expect(JSONValue.number(Double.infinity).serialized() == "null")
        #expect(JSONValue.number(-Double.infinity).serialized() == "null")
    }

    @Test(arguments: [1e15, 1e20, 1.5e-7, 123_456.789, -9.87654321e300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude])
    func everyFiniteNumberIsValidJSONWithTheSameValue(_ value: Double) throws {
        let text = JSONValue.number(value).serialized()
        let number = try #require(try Self.parsed(text) as? NSNumber, "\(text) is not a JSON number")
        #expect(number.doubleValue == value, "\(text)")
    }

    @Test func absentValuesAreNull() {
        #expect(JSONValue.date(nil).serialized() == "null")
        #expect(JSONValue.string(nil as String?).serialized() == "null")
        #expect(JSONValue.integer(nil as Int?).serialized() == "null")
        #expect(JSONValue.number(nil as Double?).serialized() == "null")
    }

    @Test func datesPrintAsISODays() throws {
        let date = try #require(KSTDate(year: 2023, month: 8, day: 9))
        #expect(JSONValue.date(date).serialized() == #""2023-08-09""#)
    }

    @Test func objectsKeepTheirOrderAndLargeIntegersStayExact() {
        let object = JSONValue.object([
            ("b", .number(100.0)), ("a", .number(-3.3)), ("c", .date(nil)), ("d", .integer(Int64(20_418_933_820))),
            ("e", .integer(Int64.max)), ("f", .bool(true)), ("g", .array([])), ("h", .object([])),
        ])
        #expect(object.serialized(compact: true) == #"{"b":100,"a":-3.3,"c":null,"d":20418933820,"e":9223372036854775807,"f":true,"g":[],"h":{}}"#)
    }

    @Test func prettyPrintingIndentsByTwoSpaces() {
        let object = JSONValue.object([("kind", .string("daily")), ("movies", .array([.object([("rank", .integer(1))])]))])
        #expect(
            object.serialized() == """
                {
                  "kind": "daily",
                  "movies": [
                    {
                      "rank": 1
                    }
                  ]
                }
                """)
    }

    @Test func keysAreEscapedLikeValues() throws {
        let text = JSONValue.object([("a\"\u{1B}", .null)]).serialized(compact: true)
        #expect(text == #"{"a\"\u001B":null}"#)
        let object = try #require(try Self.parsed(text) as? [String: Any])
        #expect(object.keys.first == "a\"\u{1B}")
    }
}
