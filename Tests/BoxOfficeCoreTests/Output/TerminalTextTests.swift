@testable import BoxOfficeCore
import Foundation
import Testing

struct TerminalTextTests {
    static let bidirectionalControls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test func escapeSequencesLoseTheirEscape() {
        #expect(TerminalText.sanitize("\u{1B}[31mRed\u{1B}[0m") == "[31mRed[0m")
        #expect(TerminalText.sanitize("\u{1B}]0;pwned\u{07}Title Bar") == "]0;pwnedTitle Bar")
    }

    @Test func c1ControlsAreRemoved() {
        #expect(TerminalText.sanitize("a\u{9B}2Jb") == "a2Jb", "U+009B is a one-byte CSI")
        #expect(TerminalText.sanitize("x\u{85}y\u{80}\u{9F}") == "xy")
    }

    @Test func bidirectionalControlsAreRemoved() {
        #expect(TerminalText.sanitize("\u{202E}evil.exe\u{202C} 거꾸로") == "evil.exe 거꾸로")
        #expect(TerminalText.sanitize("\u{2066}x\u{2069}\u{200F}") == "x")
    }

    @Test(arguments: Array(0x00...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) } + Array(0x7F...0x9F) + bidirectionalControls.map(Int.init))
    func everyControlIsRemoved(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        var text = "a"
        text.unicodeScalars.append(scalar)
        text += "b"
        #expect(TerminalText.sanitize(text) == "ab", "U+\(String(value, radix: 16)) survived")
        #expect(TerminalText.sanitize(text, keepingLineBreaks: true) == "ab")
    }

    @Test func tabsAndLineBreaksBecomeSpaces() {
        #expect(TerminalText.sanitize("a\tb\nc\r\nd") == "a b c  d")
    }

    @Test func tabsAndLineBreaksStayWhenTheFormatEscapesThem() {
        #expect(TerminalText.sanitize("a\tb\nc\r\nd\u{1B}", keepingLineBreaks: true) == "a\tb\nc\r\nd")
    }

    @Test func decomposedTextIsComposed() {
        let decomposed = "\u{1106}\u{1175}\u{11AF}\u{1109}\u{116E} Cafe\u{301}"
        #expect(Array(TerminalText.sanitize(decomposed).unicodeScalars) == Array("밀수 Café".unicodeScalars))
    }

    @Test func aControlBetweenJamoDoesNotKeepThemApart() {
        // Removing the control leaves jamo that compose; the result must still be NFC.
        #expect(Array(TerminalText.sanitize("\u{1106}\u{1B}\u{1175}").unicodeScalars) == Array("미".unicodeScalars))
    }

    @Test func textOutsideTheShortcutIsStillComposed() {
        // Jamo compose, and so do a syllable and a final jamo (which Foundation's NSString
        // normalization misses); singletons have other normal forms; marks compose in canonical
        // order or stay. (Pairs, not a dictionary: String's == already treats canonically equal
        // keys as one.)
        let cases = [("\u{1100}\u{1161}\u{11A8}", "각"), ("\u{AC00}\u{11A8}", "\u{AC01}"), ("\u{2126}", "\u{03A9}"),
                     ("\u{212B}", "\u{00C5}"), ("\u{F900}", "\u{8C48}"), ("A\u{030A}", "\u{00C5}"), ("e\u{0301}", "\u{00E9}"),
                     ("A\u{030A}\u{0301}", "\u{01FA}"), ("a\u{0323}\u{0302}", "\u{1EAD}"), ("a\u{0302}\u{0323}", "\u{1EAD}"),
                     ("\u{4E00}\u{0301}", "\u{4E00}\u{0301}"), ("\u{1161}\u{11A8}", "\u{1161}\u{11A8}"), ("\u{0344}", "\u{0308}\u{0301}")]
        for (text, composed) in cases {
            #expect(Array(TerminalText.sanitize(text).unicodeScalars) == Array(composed.unicodeScalars), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theShortcutIsTakenOnlyForTextAlreadyInNFC() {
        // Strings of only the scalars taken as NFC, the ranges' edges included, are left as they
        // are, and Foundation's normalization (independent of the one used) agrees that they are NFC.
        let scalars: [UInt32] = [0x41, 0x65, 0xC5, 0x2FF, 0x4E00, 0x9FFF, 0xAC00, 0xAC01, 0xD7A3]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<4 { text.unicodeScalars.append(Unicode.Scalar(scalars.randomElement(using: &generator) ?? 0x41) ?? "A") }
            #expect(Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) == Array(text.unicodeScalars))
            #expect(Array(TerminalText.sanitize(text).unicodeScalars) == Array(text.unicodeScalars))
        }
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["콘크리트 유토피아", "Café", "달짝지근해: 7510", "😀 emoji", "F1 더 무비", "👨‍👩‍👧", "미션 임파서블: 데드 레코닝 PART ONE"] {
            #expect(TerminalText.sanitize(text) == text)
            #expect(Array(TerminalText.sanitize(text).unicodeScalars) == Array(text.unicodeScalars))
        }
    }
}
