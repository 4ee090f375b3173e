@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

struct TerminalTextTests {
    static let bidirectionalControls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test func escapeSequencesAreRemovedWholeNotJustTheirEscape() {
        // The title: erase the screen, set the window title, turn text red.
        #expect(TerminalText.sanitize("\u{1B}[2J\u{1B}]0;pwned\u{07}Title\u{9B}31m Red") == "Title Red")
        #expect(TerminalText.sanitize("\u{1B}[31mRed\u{1B}[0m") == "Red")
    }

    @Test(arguments: [
        ("\u{1B}[1;31m", "CSI with parameters"), ("\u{1B}[?25l", "CSI private mode"), ("\u{1B}[ q", "CSI with an intermediate"),
        ("\u{9B}2J", "C1 CSI"), ("\u{1B}]0;title\u{07}", "OSC ended by BEL"), ("\u{1B}]0;title\u{1B}\\", "OSC ended by ESC \\"),
        ("\u{1B}]0;title\u{9C}", "OSC ended by C1 ST"), ("\u{9D}0;title\u{9C}", "C1 OSC"),
        ("\u{1B}]8;;https://evil.invalid\u{1B}\\", "OSC 8 hyperlink"), ("\u{1B}P1$qm\u{1B}\\", "DCS"), ("\u{90}1$qm\u{9C}", "C1 DCS"),
        ("\u{1B}Xsos\u{1B}\\", "SOS"), ("\u{98}sos\u{9C}", "C1 SOS"), ("\u{1B}^pm\u{1B}\\", "PM"), ("\u{9E}pm\u{9C}", "C1 PM"),
        ("\u{1B}_apc\u{1B}\\", "APC"), ("\u{9F}apc\u{9C}", "C1 APC"), ("\u{1B}]0;cancelled\u{18}", "a string cancelled by CAN"),
        ("\u{1B}c", "reset"), ("\u{1B}7", "save cursor"), ("\u{1B}=", "keypad mode"), ("\u{1B}(B", "charset with an intermediate"),
        ("\u{1B}#8", "screen alignment test"),
    ])
    func everyKindOfSequenceGoesWhole(_ sequence: String, _ kind: String) {
        #expect(TerminalText.sanitize("a" + sequence + "b") == "ab", "\(kind)")
        #expect(TerminalText.sanitize("a" + sequence + "b", keepingLineBreaks: true) == "ab", "\(kind)")
    }

    @Test func aSequenceCutShortLosesOnlyWhatWasSequence() {
        // Text that cannot be part of the sequence ends it and stays.
        #expect(TerminalText.sanitize("\u{1B}[3밀수") == "밀수")
        #expect(TerminalText.sanitize("\u{1B}밀수\u{1B}") == "밀수")
        // An ESC inside a string starts a new sequence.
        #expect(TerminalText.sanitize("\u{1B}]0;x\u{1B}[31mRed") == "Red")
        // A string never ended hides the rest, as it would on a terminal.
        #expect(TerminalText.sanitize("Title\u{1B}]0;pwned") == "Title")
    }

    @Test func c1ControlsAreRemoved() {
        #expect(TerminalText.sanitize("x\u{85}y\u{80}\u{9C}") == "xy")
    }

    @Test func bidirectionalControlsAreRemoved() {
        #expect(TerminalText.sanitize("\u{202E}evil.exe\u{202C} 거꾸로") == "evil.exe 거꾸로")
        #expect(TerminalText.sanitize("\u{2066}x\u{2069}\u{200F}") == "x")
    }

    /// ESC and the C1 introducers start a sequence that takes the next letter with it; they are tested above.
    static let introducers = [0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F]

    @Test(
        arguments: (Array(0x00...0x1F) + Array(0x7F...0x9F)).filter { ![0x09, 0x0A, 0x0D].contains($0) && !introducers.contains($0) }
            + bidirectionalControls.map(Int.init))
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

    @Test func lineAndParagraphSeparatorsBecomeSpacesEvenWhereLineBreaksStay() {
        #expect(TerminalText.sanitize("a\u{2028}b\u{2029}c") == "a b c")
        #expect(TerminalText.sanitize("a\u{2028}b\u{2029}c", keepingLineBreaks: true) == "a b c")
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
        let cases = [
            ("\u{1100}\u{1161}\u{11A8}", "각"), ("\u{AC00}\u{11A8}", "\u{AC01}"), ("\u{2126}", "\u{03A9}"),
            ("\u{212B}", "\u{00C5}"), ("\u{F900}", "\u{8C48}"), ("A\u{030A}", "\u{00C5}"), ("e\u{0301}", "\u{00E9}"),
            ("A\u{030A}\u{0301}", "\u{01FA}"), ("a\u{0323}\u{0302}", "\u{1EAD}"), ("a\u{0302}\u{0323}", "\u{1EAD}"),
            ("\u{4E00}\u{0301}", "\u{4E00}\u{0301}"), ("\u{1161}\u{11A8}", "\u{1161}\u{11A8}"), ("\u{0344}", "\u{0308}\u{0301}"),
        ]
        for (text, composed) in cases {
            #expect(
                Array(TerminalText.sanitize(text).unicodeScalars) == Array(composed.unicodeScalars),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
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
