@testable import BoxOfficeCore
@testable import BoxOfficeApp
import TestSupport
import Testing
import Foundation

/// Reads a rendered table back: where each cell starts and ends, in terminal cells.
enum TableLayout {
    /// The SGR sequences our renderers write, removed so that only what a terminal shows is left.
    static func strippingColor(_ text: String) -> String {
        var result = text
        for code in ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[31m", "\u{1B}[34m"] {
            result = result.replacingOccurrences(of: code, with: "")
        }
        return result
    }

    /// The display column where each cell starts and the column just past its end, found left to
    /// right so that a cell equal to an earlier one is not mistaken for it.
    static func spans(of cells: [String], in line: String) -> [Range<Int>]? {
        var spans: [Range<Int>] = []
        var searchStart = line.startIndex
        for cell in cells {
            guard let range = line.range(of: cell, range: searchStart..<line.endIndex) else { return nil }
            let start = DisplayWidth.of(String(line[..<range.lowerBound]))
            spans.append(start..<(start + DisplayWidth.of(cell)))
            searchStart = range.upperBound
        }
        return spans
    }

    /// The lines of a table, without their "\n".
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

struct TableRendererTests {
    static let columns = [
        Column("#", alignment: .right), Column("Title", isTruncatable: true),
        Column("Opened"), Column("Audience", alignment: .right),
    ]
    static let cells = [
        ["#", "Title", "Opened", "Audience"],
        ["1", "콘크리트 유토피아", "2023-08-09", "112,934"],
        ["2", "Oppenheimer", "2023-08-15", "91,352"],
        ["3", "F1 더 무비", "2025-06-25", "1"],
        ["10", "밀수", "2023-07-26", "874"],
        ["11", "e\u{301}te\u{301}", "-", "12"],
    ]
    static var rows: [[StyledText]] { cells.dropFirst().map { $0.map { StyledText($0) } } }

    @Test func everyColumnStartsAtTheSameDisplayColumnOnEveryRow() throws {
        let text = TableRenderer(columns: Self.columns).render(Self.rows)
        let lines = TableLayout.lines(text)
        #expect(lines.count == Self.cells.count)
        var spans: [[Range<Int>]] = []
        for (line, cells) in zip(lines, Self.cells) {
            spans.append(try #require(TableLayout.spans(of: cells, in: line), "\(line)"))
        }
        for (index, column) in Self.columns.enumerated() {
            let edges = spans.map { column.alignment == .left ? $0[index].lowerBound : $0[index].upperBound }
            #expect(Set(edges).count == 1, "column \(column.title): \(edges)\n\(text)")
        }
    }

    @Test func columnsAreTwoCellsApartAtTheWidestCell() throws {
        let lines = TableLayout.lines(TableRenderer(columns: Self.columns).render(Self.rows))
        // "콘크리트 유토피아" (17 cells) is the widest title; "Opened" starts two cells after it.
        let row = try #require(TableLayout.spans(of: Self.cells[1], in: lines[1]))
        #expect(row[1] == 4..<21)
        #expect(row[2].lowerBound == 23)
        #expect(lines[1] == " 1  콘크리트 유토피아  2023-08-09   112,934")
    }

    @Test func linesHaveNoTrailingSpaces() {
        let columns = [Column("#", alignment: .right), Column("Title"), Column("Note")]
        let rows = [[StyledText("1"), StyledText("밀수"), StyledText("")], [StyledText("2"), StyledText("A long title"), StyledText("x ")]]
        let text = TableRenderer(columns: columns).render(rows)
        #expect(text.hasSuffix("\n"))
        for line in TableLayout.lines(text) {
            #expect(!line.hasSuffix(" "), "\(line.debugDescription)")
        }
        #expect(TableLayout.lines(text)[1] == "1  밀수")
    }

    @Test func missingCellsAreBlankAndExtraCellsDropped() {
        let columns = [Column("A"), Column("B")]
        let text = TableRenderer(columns: columns).render([[StyledText("x")], [StyledText("y"), StyledText("z"), StyledText("extra")]])
        #expect(text == "A  B\nx\ny  z\n")
    }

    @Test func aNarrowTerminalTruncatesTruncatableColumnsOnly() throws {
        let text = TableRenderer(columns: Self.columns, maxWidth: 36).render(Self.rows)
        let lines = TableLayout.lines(text)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 36 }, "\(text)")
        #expect(lines[1].contains("…"))
        #expect(lines[1].hasSuffix("112,934"), "numbers are never cut")
        #expect(lines[1].contains("2023-08-09"), "dates are never cut")
        // The columns still line up after the cut.
        let openedStarts = try lines[1...4].map { line in
            try #require(TableLayout.spans(of: ["  20"], in: line)).first?.lowerBound
        }
        #expect(Set(openedStarts).count == 1, "\(text)")
    }

    @Test(arguments: 20...60)
    func everyTerminalWidthIsRespectedWhileTitlesCanShrink(_ width: Int) {
        let text = TableRenderer(columns: Self.columns, maxWidth: width).render(Self.rows)
        let lines = TableLayout.lines(text)
        // "#", "Opened" and "Audience" need 2 + 10 + 8 cells and three gaps; titles shrink to a
        // syllable and "…" (three cells), no fewer.
        let narrowestPossible = 2 + 3 + 10 + 8 + 3 * 2
        let widest = lines.map { DisplayWidth.of($0) }.max() ?? 0
        #expect(widest <= max(width, narrowestPossible), "\(width):\n\(text)")
        #expect(widest == min(max(width, narrowestPossible), 43), "no cell is given up that the terminal has room for")
        // Right-aligned audience ends at the same cell on every line.
        #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1, "\(text)")
    }

    @Test func truncatedTitlesNeverSplitASyllable() {
        let rows = [[StyledText("1"), StyledText("미션 임파서블: 데드 레코닝 PART ONE"), StyledText("2023-07-12"), StyledText("1,000")]]
        let full = "미션 임파서블: 데드 레코닝 PART ONE"
        for width in 30...60 {
            let lines = TableLayout.lines(TableRenderer(columns: Self.columns, maxWidth: width).render(rows))
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= max(width, 32) }, "\(width)")
            let line = lines[1]
            guard let start = line.range(of: "1  ")?.upperBound, let end = line.range(of: "2023-07-12")?.lowerBound, start <= end else {
                Issue.record("row not found at width \(width): \(line)")
                continue
            }
            var title = String(line[start..<end])
            while title.hasSuffix(" ") { title.removeLast() }
            let kept = title.hasSuffix("…") ? String(title.dropLast()) : title
            #expect(full.hasPrefix(kept), "\(width): \(title)")
            #expect(title == full || title.hasSuffix("…"), "\(width): \(title)")
        }
    }

    @Test func colourIsOnlyAddedWhenAsked() {
        let rows = [[StyledText("1"), StyledText("밀수"), StyledText("▲3", style: .red), StyledText("▼2", style: .blue)]]
        let plain = TableRenderer(columns: Self.columns).render(rows)
        #expect(!plain.contains("\u{1B}"))
        let coloured = TableRenderer(columns: Self.columns, usesColor: true).render(rows)
        #expect(coloured.contains("\u{1B}[31m▲3\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[34m▼2\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1mTitle\u{1B}[0m"), "headers are bold")
    }

    @Test func colourIsNeverCountedInTheWidth() {
        let rows = [
            [StyledText("1"), StyledText("NEW", style: .bold), StyledText("▲3", style: .red), StyledText("5", style: .blue)],
            [StyledText("10"), StyledText("콘크리트 유토피아", style: .red), StyledText("-"), StyledText("112,934")],
        ]
        let plain = TableRenderer(columns: Self.columns, maxWidth: 30).render(rows)
        let coloured = TableRenderer(columns: Self.columns, maxWidth: 30, usesColor: true).render(rows)
        #expect(TableLayout.strippingColor(coloured) == plain)
        for line in TableLayout.lines(coloured) {
            #expect(!TableLayout.strippingColor(line).hasSuffix(" "), "\(line.debugDescription)")
            #expect(!line.hasSuffix(" "), "\(line.debugDescription)")
        }
    }

    @Test func cellsAreSanitizedBeforeTheyAreMeasured() throws {
        let rows = [
            [StyledText("1"), StyledText("\u{1B}]0;x\u{07}\u{202E}t"), StyledText("-"), StyledText("1")],
            [StyledText("2"), StyledText("a\tb\nc"), StyledText("-"), StyledText("2")],
            [StyledText("3"), StyledText("\u{1106}\u{1175}\u{11AF}\u{1109}\u{116E}"), StyledText("-"), StyledText("3")],
        ]
        let text = TableRenderer(columns: Self.columns).render(rows)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x202E })
        let lines = TableLayout.lines(text)
        #expect(lines.count == 4, "a line break inside a cell never starts a new line")
        let starts = try zip(lines.dropFirst(), ["-", "-", "-"]).map { line, cell in
            try #require(TableLayout.spans(of: ["  " + cell], in: line)).first?.lowerBound
        }
        #expect(Set(starts).count == 1, "\(text)")
        #expect(lines[3].contains("밀수"))
    }

    @Test func anEmptyTableIsItsHeader() {
        #expect(TableRenderer(columns: Self.columns).render([]) == "#  Title  Opened  Audience\n")
    }
}

/// What people copy out of a narrow terminal stays whole; what is cut stays told apart.
struct NarrowTerminalTests {
    static let url = "https://example-images.invalid/a/very/long/path/to/the/poster/of/the/movie/poster-final.jpg"

    @Test func imageURLsAreNeverCutOtherColumnsGiveWay() throws {
        let body =
            #"{"meta":{"total_count":1,"pageable_count":1,"is_end":true},"documents":[{"image_url":"\#(Self.url)","width":800,"height":1143,"display_sitename":"아주 긴 사이트 이름의 블로그"}]}"#
        let result = ImageSearchResult(try JSONDecoder().decode(ImageSearchResponse.self, from: Data(body.utf8)))
        let text = DocumentWriter.write(ImagesOutput(result), format: .table, style: RenderStyle(terminalWidth: 80))
        #expect(text.contains(Self.url), "\(text)")
        #expect(!text.contains("Site"), "the site gives way first: \(text)")
    }

    @Test func postersInAChartStayWhole() throws {
        var chart = try ChartsOutputTests.daily()
        chart.entries = chart.entries.map { entry in
            var entry = entry
            entry.posterURL = Self.url
            return entry
        }
        let text = DocumentWriter.write(ChartsOutput([chart], withPosters: true), format: .table, style: RenderStyle(terminalWidth: 80))
        #expect(text.components(separatedBy: Self.url).count == chart.entries.count + 1, "\(text)")
        #expect(!text.contains("https://…"))
    }

    @Test func aDailyTableLeavesOutOpenedScreensShareTotalAndChangeInThatOrder() throws {
        let chart = try ChartsOutputTests.daily()
        var shown: [[String]] = []
        for width in stride(from: 100, through: 24, by: -2) {
            let text = DocumentWriter.write(ChartsOutput([chart]), format: .table, style: RenderStyle(terminalWidth: width))
            let header = String(text.split(separator: "\n")[1])
            let columns = ["Opened", "Screens", "Share", "Total", "Change"].filter { header.contains($0) }
            if shown.last != columns { shown.append(columns) }
        }
        #expect(
            shown == [
                ["Opened", "Screens", "Share", "Total", "Change"], ["Screens", "Share", "Total", "Change"], ["Share", "Total", "Change"],
                ["Total", "Change"], ["Change"], [],
            ], "\(shown)")
    }

    @Test func aChartFitsNarrowTerminalsByLeavingOutColumnsBeforeTitlesGetUnreadable() throws {
        let chart = try ChartsOutputTests.daily()
        for width in [30, 40, 50, 60, 80] {
            let text = DocumentWriter.write(ChartsOutput([chart]), format: .table, style: RenderStyle(terminalWidth: width))
            #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= width }, "\(width):\n\(text)")
            #expect(text.contains("콘크리트 유토") && text.contains("112,934"), "\(width):\n\(text)")
            let trend = TrendOutput(
                MovieTrend(
                    code: "20226411", title: "콘크리트 유토피아",
                    days: [MovieTrend.Day(date: chart.startDate, entry: chart.entries.first { $0.code == "20226411" })]))
            let run = DocumentWriter.write(trend, format: .table, style: RenderStyle(terminalWidth: width))
            let table = run.split(separator: "\n").dropFirst().prefix(2)
            #expect(table.allSatisfy { DisplayWidth.of(String($0)) <= width } && run.contains("112,934"), "\(width):\n\(run)")
        }
    }

    /// A weekly chart's tenth place beside a seven-digit audience leaves five cells for titles at
    /// 20 columns (the old floor was six): titles are cut that short, down to a syllable, rather
    /// than the rows wrapping.
    @Test func titlesAreCutBelowSixCellsBeforeARowIsWiderThanTheTerminal() throws {
        let week = try ModelEncodingTests.chart("kobis/weekly-20230813-weekGb=0.json", kind: .weekly(.week))
        var chart = week
        chart.entries = (1...10).map { rank in
            var entry = week.entries[0]
            entry.rank = rank
            return entry
        }
        let width = 20
        let text = DocumentWriter.write(ChartsOutput([chart]), format: .table, style: RenderStyle(terminalWidth: width))
        let lines = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(text)")
        #expect(lines.last == "10  콘크…  1,013,882", "\(text)")
    }

    @Test func aTrendOfOneDaySaysDayNotDays() throws {
        let chart = try ChartsOutputTests.daily()
        let one = TrendOutput(MovieTrend(code: "1", title: "없는 영화", days: [MovieTrend.Day(date: chart.startDate)]))
        #expect(DocumentWriter.write(one, format: .table, style: RenderStyle(terminalWidth: 80)).contains("In the top 10 on 0 of 1 day.\n"))
    }

    @Test func titlesCutToTheSameTextAreCutInTheMiddleInstead() {
        let renderer = TableRenderer(columns: [Column("Title", isTruncatable: true)], maxWidth: 20)
        let text = renderer.render([[StyledText("미션 임파서블: 데드 레코닝 PART ONE")], [StyledText("미션 임파서블: 데드 레코닝 PART TWO")]])
        let lines = text.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.count == 2 && lines[0] != lines[1], "\(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(lines[0].hasSuffix("ONE") && lines[1].hasSuffix("TWO"))
    }

    @Test func aWordLongerThanTheLineIsBrokenUnlessItIsAnAddress() {
        #expect(DisplayWidth.wrap("(주)넥스트엔터테인먼트월드(NEW)", toWidth: 10) == ["(주)넥스트", "엔터테인먼", "트월드(NEW", ")"])
        #expect(DisplayWidth.wrap("see \(Self.url)", toWidth: 20) == ["see", Self.url], "an address stays whole")
    }

    @Test func theMovieCardWrapsItsListsInsteadOfCuttingThem() throws {
        var movie = MovieDetails(code: "20124079", title: "광해, 왕이 된 남자")
        movie.actors = (1...8).map { MovieDetails.Actor(name: "배우\($0)", nameEnglish: "Actor Number \($0)", role: "역할 \($0)", roleEnglish: nil) }
        let text = DocumentWriter.write(MovieOutput(movie), format: .table, style: RenderStyle(terminalWidth: 60))
        #expect(text.contains("Actor Number 8"), "\(text)")
        #expect(!text.contains("…"))
        #expect(text.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 60 }, "\(text)")
    }
}
