@testable import BoxOfficeCore
import Testing

struct TableRendererTests {
    static let columns = [TableColumn("#", alignment: .right), TableColumn("Title", isTruncatable: true), TableColumn("Audience", alignment: .right)]
    static let rows = [
        [TableCell("1"), TableCell("콘크리트 유토피아"), TableCell("112,934")],
        [TableCell("2"), TableCell("Oppenheimer"), TableCell("91,352")],
        [TableCell("10"), TableCell("밀수"), TableCell("874")],
    ]

    /// The display column where `text` starts on `line`.
    static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }

    @Test func columnsAlignByDisplayWidth() {
        let lines = TableRenderer(columns: Self.columns).render(Self.rows).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let titleColumns = [("Title", 0), ("콘크리트", 1), ("Oppenheimer", 2), ("밀수", 3)].map { Self.column(of: $0.0, in: lines[$0.1]) }
        #expect(Set(titleColumns).count == 1, "\(titleColumns)")
        // Right-aligned numbers end in the same column.
        let ends = lines.map { DisplayWidth.of($0) }
        #expect(Set(ends).count == 1, "\(lines)")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func aNarrowTerminalTruncatesTitlesOnly() {
        let lines = TableRenderer(columns: Self.columns, maxWidth: 24).render(Self.rows).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 24 }, "\(lines)")
        #expect(lines[1].contains("…"))
        #expect(lines[1].hasSuffix("112,934"), "numbers are never cut")
    }

    @Test func colourIsOnlyAddedWhenAskedAndNeverCountedInTheWidth() {
        let rows = [[TableCell("1"), TableCell("▲3", style: .red), TableCell("5")]]
        let plain = TableRenderer(columns: Self.columns).render(rows)
        let coloured = TableRenderer(columns: Self.columns, usesColor: true).render(rows)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[31m▲3\u{1B}[0m"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}[31m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            .replacingOccurrences(of: "\u{1B}[1m", with: "")
        #expect(stripped == plain)
    }

    @Test func cellsAreSanitized() {
        let rendered = TableRenderer(columns: Self.columns).render([[TableCell("1"), TableCell("\u{1B}]0;x\u{07}\u{202E}t"), TableCell("1")]])
        #expect(!rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    }
}

struct DelimitedTextTests {
    @Test func csvQuotesPerRFC4180() {
        let csv = DelimitedTextWriter.csv(header: ["a", "b"], rows: [[.text(#"Concrete "Test" Title, Vol. 2"#), .number("1")], [.text("two\nlines"), .empty]])
        #expect(csv == "a,b\n\"Concrete \"\"Test\"\" Title, Vol. 2\",1\n\"two\nlines\",\n")
    }

    @Test(arguments: ["=HYPERLINK(\"x\")", "+1", "-2 cmd", "@SUM(A1)", "\tx", "\rx"])
    func formulasInTextAreDefused(_ text: String) {
        let csv = DelimitedTextWriter.csvRows([[.text(text)]])
        #expect(csv.hasPrefix("'") || csv.hasPrefix("\"'"), "\(csv.debugDescription)")
    }

    @Test func numbersStayPlain() {
        #expect(DelimitedTextWriter.csvRows([[.number("-2"), .number("32.4")]]) == "-2,32.4\n")
    }

    @Test func tsvEscapesSeparatorsAndBackslashes() {
        let tsv = DelimitedTextWriter.tsv(header: ["t"], rows: [[.text("a\tb\nc\\d\re")]])
        #expect(tsv == "t\na\\tb\\nc\\\\d\\re\n")
    }

    @Test func controlsLeaveDelimitedText() {
        let csv = DelimitedTextWriter.csvRows([[.text("\u{1B}[2J\u{9B}x\u{202E}")]])
        #expect(csv == "[2Jx\n")
    }

    @Test func markdownEscapesPipesAndAlignsNumbersRight() {
        let markdown = MarkdownTableWriter.render(columns: [TableColumn("Title"), TableColumn("Audience", alignment: .right)], rows: [["a|b", "1"]])
        #expect(markdown == "| Title | Audience |\n| --- | ---: |\n| a\\|b | 1 |\n")
    }
}

struct JSONValueTests {
    @Test func stringsEscapeControlsAndStayValid() {
        let value = JSONValue.string("q\"b\\\u{1B}[0m\u{9B}\u{202E}\n")
        let text = value.serialized()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x0A })
        #expect(text.lowercased().contains("\\u001b") && text.lowercased().contains("\\u009b") && text.lowercased().contains("\\u202e"))
        #expect(text.contains("\\\"") && text.contains("\\\\") && text.contains("\\n"))
    }

    @Test func numbersNullsAndOrder() {
        let object = JSONValue.object([("b", .number(100.0)), ("a", .number(-3.3)), ("c", .date(nil)), ("d", .integer(Int64(20_418_933_820)))])
        #expect(object.serialized(compact: true) == #"{"b":100,"a":-3.3,"c":null,"d":20418933820}"#)
    }
}
