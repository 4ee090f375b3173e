@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Testing

struct DisplayWidthTests {
    @Test(arguments: [
        ("밀수", 4), ("F1 더 무비", 10), ("abc", 3), ("", 0), ("e\u{301}", 1), ("Cafe\u{301}", 4), ("콘크리트 유토피아", 17),
        ("ＡＢ", 4), ("日本", 4), ("ひらがな", 8), ("ㄱㄴ", 4), ("ｱｲ", 2), ("…", 1), ("▲3", 2), ("\u{200B}", 0),
        ("👍", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("🇰🇷", 2), ("a\u{1B}b", 2), ("달짝지근해: 7510", 16),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.debugDescription)")
    }

    @Test func decomposedHangulIsMeasuredLikeComposedHangul() {
        let decomposed = "\u{1106}\u{1175}\u{11AF}\u{1109}\u{116E}"  // 밀수 as jamo
        #expect(decomposed.unicodeScalars.count == 5, "String == treats NFD and NFC as equal; the scalars differ")
        let sanitized = TerminalText.sanitize(decomposed)
        #expect(Array(sanitized.unicodeScalars) == Array("밀수".unicodeScalars))
        #expect(DisplayWidth.of(sanitized) == DisplayWidth.of("밀수"))
        // Leading jamo are wide, vowels and finals join them: the jamo spell two syllables even unnormalised.
        #expect(DisplayWidth.of(decomposed) == 4)
    }

    @Test func everyHangulSyllableIsTwoCellsComposedOrNot() throws {
        for value in stride(from: 0xAC00, through: 0xD7A3, by: 97) {
            let syllable = String(Character(try #require(Unicode.Scalar(UInt32(value)))))
            let decomposed = syllable.decomposedStringWithCanonicalMapping
            #expect(DisplayWidth.of(syllable) == 2, "\(syllable)")
            #expect(DisplayWidth.of(TerminalText.sanitize(decomposed)) == 2, "\(syllable)")
        }
    }

    @Test(arguments: 1...24)
    func truncationStaysWithinTheBudgetAndNeverSplitsASyllable(_ budget: Int) {
        let title = "미션 임파서블: 데드 레코닝 PART ONE"
        let cut = DisplayWidth.truncate(title, toWidth: budget)
        #expect(DisplayWidth.of(cut) <= budget)
        #expect(cut.hasSuffix("…"))
        let kept = cut.dropLast()
        #expect(title.hasPrefix(kept), "only whole characters are kept: \(cut)")
        #expect(kept.allSatisfy { title.contains($0) })
        // Nothing is wasted: one more character would not have fitted next to the ellipsis.
        let next = title[title.index(title.startIndex, offsetBy: kept.count)]
        #expect(DisplayWidth.of(String(kept)) + DisplayWidth.of(next) + 1 > budget, "\(cut)")
    }

    @Test func truncatingKoreanToTenCells() {
        let cut = DisplayWidth.truncate("미션 임파서블: 데드 레코닝 PART ONE", toWidth: 10)
        #expect(cut == "미션 임파…")
        #expect(DisplayWidth.of(cut) == 10)
    }

    @Test func anOddBudgetLeavesACellRatherThanHalfASyllable() {
        #expect(DisplayWidth.truncate("미션 임파서블", toWidth: 9) == "미션 임…")
        #expect(DisplayWidth.truncate("밀수", toWidth: 3) == "밀…")
        #expect(DisplayWidth.truncate("밀수", toWidth: 2) == "…")
        #expect(DisplayWidth.truncate("밀수", toWidth: 1) == "…")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        let cut = DisplayWidth.truncate("Cafe\u{301} au lait", toWidth: 5)
        #expect(Array(cut.unicodeScalars) == Array("Cafe\u{301}…".unicodeScalars))
        #expect(DisplayWidth.truncate("👨‍👩‍👧👨‍👩‍👧", toWidth: 3) == "👨‍👩‍👧…")
    }

    @Test func textThatFitsIsLeftAlone() {
        #expect(DisplayWidth.truncate("밀수", toWidth: 4) == "밀수")
        #expect(DisplayWidth.truncate("밀수", toWidth: 40) == "밀수")
        #expect(DisplayWidth.truncate("", toWidth: 0) == "")
    }

    @Test func noBudgetLeavesNothing() {
        #expect(DisplayWidth.truncate("밀수", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("밀수", toWidth: -3) == "")
    }

    /// Random mixes of narrow, wide and zero-width characters: the cut always fits, keeps whole
    /// characters, and wastes no cell a next character could have used.
    @Test func truncationPropertyOverRandomText() {
        let alphabet: [String] = ["a", "Z", " ", ":", "밀", "수", "日", "Ａ", "e\u{301}", "👍", "👨‍👩‍👧", "\u{200B}", "…", "ｱ", "\u{1106}\u{1175}"]
        var generator = SplitMix64(seed: 0x5EED_0001)
        for round in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            let budget = Int.random(in: 0...20, using: &generator)
            let cut = DisplayWidth.truncate(text, toWidth: budget)
            let label = "round \(round): \(text.debugDescription) to \(budget) gave \(cut.debugDescription)"
            #expect(DisplayWidth.of(cut) <= max(budget, 0), "\(label)")
            if DisplayWidth.of(text) <= budget {
                #expect(cut == text, "\(label)")
            } else if budget > 0 {
                #expect(cut.hasSuffix("…"), "\(label)")
                let kept = Array(cut.dropLast())
                #expect(Array(text.prefix(kept.count)) == kept, "\(label)")
                let next = Array(text)[kept.count]
                #expect(DisplayWidth.of(String(kept)) + DisplayWidth.of(next) + 1 > budget, "\(label)")
            }
        }
    }

    @Test func paddingCountsCellsNotCharacters() {
        #expect(DisplayWidth.pad("밀수", toWidth: 6, alignment: .left) == "밀수  ")
        #expect(DisplayWidth.pad("밀수", toWidth: 6, alignment: .right) == "  밀수")
        #expect(DisplayWidth.pad("e\u{301}", toWidth: 3, alignment: .left) == "e\u{301}  ")
        #expect(DisplayWidth.pad("12", toWidth: 5, alignment: .right) == "   12")
        #expect(DisplayWidth.pad("toolong", toWidth: 3, alignment: .left) == "toolong")
    }
}

struct NumberTextTests {
    @Test(arguments: [
        (Int64(0), "0"), (999, "999"), (1_000, "1,000"), (2_105_361, "2,105,361"), (-1_234_567, "-1,234,567"),
        (-100, "-100"), (-100_000, "-100,000"), (20_418_933_820, "20,418,933,820"),
        (Int64.max, "9,223,372,036,854,775,807"), (Int64.min, "-9,223,372,036,854,775,808"),
    ])
    func grouping(_ value: Int64, _ expected: String) {
        #expect(NumberText.grouped(value) == expected)
    }

    @Test func shownCountsAgreeWithTheTotal() {
        #expect(NumberText.shown(1, of: 1, "company", "companies", counter: "곳") == "1 of 1 company")
        #expect(NumberText.shown(10, of: 1_234, "company", "companies", counter: "곳") == "10 of 1,234 companies")
        #expect(NumberText.shown(0, of: 0, "person", "people", counter: "명") == "0 of 0 people")
        // Korean counts the whole first, by its own counter.
        Language.$current.withValue(.ko) {
            #expect(NumberText.shown(10, of: 1_234, "company", "companies", counter: "곳") == "1,234곳 가운데 10곳")
        }
    }

    @Test(arguments: [
        (32.4, "32.4"), (3.0, "3"), (-0.25, "-0.25"), (100.0, "100"), (-0.0, "0"), (-3871.0, "-3871"),
        (0.1 + 0.2, "0.30000000000000004"), (0.000001, "0.000001"), (1.5e-7, "0.00000015"),
        (1e20, "100000000000000000000"), (-2.5e16, "-25000000000000000"), (1234567.25, "1234567.25"),
    ])
    func decimals(_ value: Double, _ expected: String) {
        #expect(NumberText.decimal(value) == expected)
    }

    @Test func nonFiniteIsEmpty() {
        #expect(NumberText.decimal(.nan).isEmpty)
        #expect(NumberText.decimal(.infinity).isEmpty)
    }

    /// Every decimal reads back as the same Double, and never with an exponent.
    @Test func decimalsRoundTripWithoutExponent() {
        var generator = SplitMix64(seed: 0x5EED_0002)
        var failures: [String] = []
        for _ in 0..<500 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = NumberText.decimal(value)
            if text.contains("e") || text.contains("E") || Double(text) != value { failures.append("\(value) gave \(text)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }
}
