@testable import BoxOfficeCore
@testable import BoxOfficeApp
import TestSupport
import Testing

struct DelimitedTextTests {
    /// A strict RFC 4180 reader (LF records), to check that what we write reads back cell for cell.
    static func parseCSV(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var isQuoted = false
        var fieldStarted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if isQuoted {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        isQuoted = false
                        guard characters.first.map({ $0 == "," || $0 == "\n" }) ?? true else { return nil }
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard !fieldStarted, field.isEmpty else { return nil }
                isQuoted = true
                fieldStarted = true
            case ",":
                record.append(field)
                field = ""
                fieldStarted = false
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            case "\r":
                return nil  // a bare CR outside quotes breaks RFC 4180 readers
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !isQuoted, record.isEmpty, field.isEmpty else { return nil }
        return records
    }

    /// Undoes our TSV escapes; nil when a backslash starts an unknown escape.
    static func unescapeTSV(_ field: Substring) -> String? {
        var result = ""
        var scalars = Array(field.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.popFirst() {
            case "\\": result += "\\"
            case "t": result += "\t"
            case "n": result += "\n"
            case "r": result += "\r"
            default: return nil
            }
        }
        return result
    }

    /// What CSV makes of tabs and line breaks: spaces, scalar by scalar ("\r\n" is two).
    static func spacingOut(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        return result
    }

    // MARK: CSV

    @Test func csvQuotesCommasAndDoublesQuotes() {
        let csv = DelimitedWriter.csv(header: ["title", "rank"], rows: [[.text(#"Concrete "Test" Title, Vol. 2"#), .number("1")]])
        #expect(csv == "title,rank\n\"Concrete \"\"Test\"\" Title, Vol. 2\",1\n")
    }

    @Test func csvTurnsTabsAndLineBreaksIntoSpacesAndLeavesPlainCellsBare() {
        let csv = DelimitedWriter.csvRows([
            [
                .text("two\nlines"), .empty, .text("밀수"), .text("a\r\nb"),
                .text("tab\there\u{2028}line\u{2029}para\u{85}graph"),
            ]
        ])
        #expect(csv == "two lines,,밀수,a  b,tab here line paragraph\n")
    }

    @Test func aQuoteCarryingACombiningMarkIsStillDoubled() throws {
        // `"` + U+0301 is one Character; a Character-wise replace would leave the quote single.
        let text = "a\"\u{301}b, c"
        let csv = DelimitedWriter.csvRows([[.text(text), .number("1")]])
        #expect(Array(csv.unicodeScalars) == Array("\"a\"\"\u{301}b, c\",1\n".unicodeScalars))
        #expect(try #require(Self.parseCSV(csv)).first == [text, "1"])
    }

    @Test func csvHeaderIsWrittenAsIs() {
        #expect(DelimitedWriter.csv(header: ["a", "b"], rows: []) == "a,b\n")
    }

    @Test(arguments: ["=HYPERLINK(\"https://evil.invalid\",\"click\")", "+1 Formula", "-2 cmd", "@SUM(A1)", "\tx", "\rx"])
    func formulasInTextGetAnApostrophe(_ text: String) throws {
        let csv = DelimitedWriter.csvRows([[.text(text)]])
        let cell = try #require(Self.parseCSV(csv)?.first?.first, "\(csv.debugDescription) is not RFC 4180")
        #expect(cell == "'" + Self.spacingOut(text))
        let tsv = DelimitedWriter.tsvRows([[.text(text)]])
        #expect(tsv.hasPrefix("'"), "\(tsv.debugDescription)")
    }

    @Test func hyperlinkFormulaIsDefusedAndQuoted() {
        let csv = DelimitedWriter.csvRows([[.text(#"=HYPERLINK("https://evil.invalid","click")"#)]])
        #expect(csv == #""'=HYPERLINK(""https://evil.invalid"",""click"")""# + "\n")
    }

    @Test func aFormulaHiddenBehindAControlIsStillDefused() {
        #expect(DelimitedWriter.csvRows([[.text("\u{1B}[0m=1+1")]]) == "'=1+1\n")
        #expect(DelimitedWriter.csvRows([[.text("\u{7F}=1+1")]]) == "'=1+1\n")
        #expect(DelimitedWriter.csvRows([[.text("\u{202E}@cmd")]]) == "'@cmd\n")
    }

    @Test func textThatMerelyContainsAFormulaSignIsLeftAlone() {
        #expect(DelimitedWriter.csvRows([[.text("달짝지근해: 7510"), .text("a=b"), .text("F1 - The Movie")]]) == "달짝지근해: 7510,a=b,F1 - The Movie\n")
    }

    @Test func numbersStayPlain() {
        #expect(DelimitedWriter.csvRows([[.number("-2"), .number("32.4"), .number("+3"), .number("2023-08-18")]]) == "-2,32.4,+3,2023-08-18\n")
        #expect(DelimitedWriter.tsvRows([[.number("-2"), .number("-3.3")]]) == "-2\t-3.3\n")
    }

    @Test func controlsLeaveDelimitedText() {
        #expect(DelimitedWriter.csvRows([[.text("\u{1B}[2J\u{9B}31m밀수\u{202E}\u{7F}")]]) == "밀수\n")
        #expect(DelimitedWriter.tsvRows([[.text("\u{1B}]0;t\u{07}x")]]) == "x\n")
    }

    /// Random cells full of separators, quotes and line breaks read back exactly.
    @Test func csvRoundTripsThroughAnRFC4180Reader() throws {
        let alphabet: [String] = ["a", "밀", ",", "\"", "\n", "\r\n", " ", "'", "=", "-", "\t", "\\", "é", "|", "\u{301}", "\u{20E3}"]
        var generator = SplitMix64(seed: 0x5EED_0003)
        for round in 0..<200 {
            let row: [String] = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            }
            let csv = DelimitedWriter.csv(header: row.indices.map { "c\($0)" }, rows: [row.map(DelimitedField.text)])
            let records = try #require(Self.parseCSV(csv), "round \(round): \(csv.debugDescription) is not RFC 4180")
            #expect(records.count == 2, "round \(round): \(csv.debugDescription)")
            let expected = row.map { cell in "=+-@\t\r".unicodeScalars.contains(where: { cell.unicodeScalars.first == $0 }) ? "'" + cell : cell }
            #expect(records.last == expected.map(Self.spacingOut), "round \(round): \(csv.debugDescription)")
        }
    }

    // MARK: TSV

    @Test func tsvEscapesTabsLineBreaksAndBackslashes() {
        let tsv = DelimitedWriter.tsv(header: ["t", "n"], rows: [[.text("a\tb\nc\\d\re"), .number("1")]])
        #expect(tsv == "t\tn\na\\tb\\nc\\\\d\\re\t1\n")
    }

    @Test func tsvLinesHaveOneFieldPerColumn() throws {
        let alphabet: [String] = ["a", "밀", "\t", "\n", "\r\n", "\\", "\\t", "'", "=", " "]
        var generator = SplitMix64(seed: 0x5EED_0004)
        for round in 0..<200 {
            let row: [String] = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            }
            let tsv = DelimitedWriter.tsvRows([row.map(DelimitedField.text)])
            let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "round \(round): \(tsv.debugDescription)")
            let fields = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(Self.unescapeTSV)
            let expected = row.map { cell in "=+-@\t\r".unicodeScalars.contains(where: { cell.unicodeScalars.first == $0 }) ? "'" + cell : cell }
            #expect(fields == expected, "round \(round): \(tsv.debugDescription)")
        }
    }

    // MARK: Markdown

    @Test func markdownEscapesPipesAndBackslashesAndAlignsNumbersRight() {
        let markdown = MarkdownWriter.table(
            columns: [Column("Title"), Column("Audience", alignment: .right)],
            rows: [["a|b", "1"], [#"back\slash"#, "2"]])
        #expect(markdown == "| Title | Audience |\n| --- | ---: |\n| a\\|b | 1 |\n| back\\\\slash | 2 |\n")
    }

    @Test func markdownEscapesAPipeCarryingACombiningMark() {
        let markdown = MarkdownWriter.table(columns: [Column("Title"), Column("N")], rows: [["a|\u{301}b\\\u{301}", "1"]])
        #expect(Array(markdown.unicodeScalars) == Array("| Title | N |\n| --- | --- |\n| a\\|\u{301}b\\\\\u{301} | 1 |\n".unicodeScalars))
    }

    @Test func markdownKeepsEachRowOnOneLine() {
        let markdown = MarkdownWriter.table(columns: [Column("Title")], rows: [["two\nlines\r\nand\ttab"]])
        #expect(markdown == "| Title |\n| --- |\n| two lines  and tab |\n")
    }

    @Test func markdownCellsAreSanitized() {
        let markdown = MarkdownWriter.table(columns: [Column("Title")], rows: [["\u{1B}[31m\u{9B}1mx\u{202E}"]])
        #expect(markdown == "| Title |\n| --- |\n| x |\n")
    }

    @Test func markdownRowsHaveAsManyCellsAsTheHeader() {
        let rows = [["a|b|c", "1"], ["\\|", "2"], ["|", "3"], ["|\u{301}\\\u{301}|", "4"]]
        let markdown = MarkdownWriter.table(columns: [Column("Title"), Column("N", alignment: .right)], rows: rows)
        for line in markdown.split(separator: "\n") {
            // Count pipes that a GitHub renderer treats as separators: those not escaped by an odd run of backslashes.
            var separators = 0
            var backslashes = 0
            for scalar in line.unicodeScalars {
                if scalar == "|", backslashes % 2 == 0 { separators += 1 }
                backslashes = scalar == "\\" ? backslashes + 1 : 0
            }
            #expect(separators == 3, "\(line)")
        }
    }
}
