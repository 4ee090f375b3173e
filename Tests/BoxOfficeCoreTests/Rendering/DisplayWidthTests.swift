@testable import BoxOfficeCore
import Testing

struct DisplayWidthTests {
    @Test(arguments: [
        ("밀수", 4), ("F1 더 무비", 10), ("abc", 3), ("", 0), ("e\u{301}", 1), ("콘크리트 유토피아", 17),
        ("ＡＢ", 4), ("日本", 4), ("\u{200B}", 0), ("👍", 2), ("a\u{1B}b", 2),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.debugDescription)")
    }

    @Test func decomposedHangulIsMeasuredAfterNormalising() {
        let decomposed = "\u{1106}\u{1175}\u{11AF}\u{1109}\u{116E}" // 밀수 as jamo
        #expect(decomposed.unicodeScalars.count == 5, "String == treats NFD and NFC as equal; the scalars differ")
        #expect(Array(TerminalText.sanitize(decomposed).unicodeScalars) == Array("밀수".unicodeScalars))
        #expect(DisplayWidth.of(TerminalText.sanitize(decomposed)) == 4)
        // Leading jamo are wide, vowels and finals join them: the jamo spell two syllables.
        #expect(DisplayWidth.of(decomposed) == 4)
    }

    @Test(arguments: 1...20)
    func truncationStaysWithinTheBudgetAndNeverSplitsASyllable(_ budget: Int) {
        let title = "미션 임파서블: 데드 레코닝 PART ONE"
        let cut = DisplayWidth.truncate(title, toWidth: budget)
        #expect(DisplayWidth.of(cut) <= budget)
        #expect(cut.hasSuffix("…"))
        #expect(title.hasPrefix(String(cut.dropLast())), "only whole characters are kept: \(cut)")
        // Nothing is wasted: one more character would not have fitted.
        let kept = cut.dropLast()
        if kept.count < title.count {
            let next = title[title.index(title.startIndex, offsetBy: kept.count)]
            #expect(DisplayWidth.of(String(kept)) + DisplayWidth.of(next) + 1 > budget)
        }
    }

    @Test func textThatFitsIsLeftAlone() {
        #expect(DisplayWidth.truncate("밀수", toWidth: 4) == "밀수")
        #expect(DisplayWidth.truncate("밀수", toWidth: 3) == "밀…")
        #expect(DisplayWidth.truncate("밀수", toWidth: 0) == "")
    }

    @Test func paddingCountsCellsNotCharacters() {
        #expect(DisplayWidth.pad("밀수", toWidth: 6, alignment: .left) == "밀수  ")
        #expect(DisplayWidth.pad("12", toWidth: 5, alignment: .right) == "   12")
        #expect(DisplayWidth.pad("toolong", toWidth: 3, alignment: .left) == "toolong")
    }
}

struct TerminalTextTests {
    @Test func controlsAndBidiOverridesAreRemoved() {
        #expect(TerminalText.sanitize("\u{1B}[31mRed\u{1B}[0m") == "[31mRed[0m")
        #expect(TerminalText.sanitize("a\u{9B}2Jb") == "a2Jb")
        #expect(TerminalText.sanitize("\u{202E}evil\u{202C}") == "evil")
        #expect(TerminalText.sanitize("\u{2066}x\u{2069}\u{200F}") == "x")
        #expect(TerminalText.sanitize("del\u{7F}") == "del")
        #expect(TerminalText.sanitize("bell\u{07}") == "bell")
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(TerminalText.sanitize("a\tb\nc\r\nd") == "a b c  d")
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["콘크리트 유토피아", "Café", "달짝지근해: 7510", "😀 emoji"] {
            #expect(TerminalText.sanitize(text) == text)
        }
    }
}

struct NumberTextTests {
    @Test(arguments: [(Int64(0), "0"), (999, "999"), (1_000, "1,000"), (2_105_361, "2,105,361"), (-1_234_567, "-1,234,567"),
                      (20_418_933_820, "20,418,933,820")])
    func grouping(_ value: Int64, _ expected: String) {
        #expect(NumberText.grouped(value) == expected)
    }

    @Test(arguments: [(32.4, "32.4"), (3.0, "3"), (-0.25, "-0.25"), (100.0, "100"), (0.1 + 0.2, "0.30000000000000004")])
    func decimals(_ value: Double, _ expected: String) {
        #expect(NumberText.decimal(value) == expected)
    }

    @Test func noExponentEver() {
        #expect(!NumberText.decimal(0.000001).contains("e"))
        #expect(!NumberText.decimal(1e20).contains("e"))
    }
}
