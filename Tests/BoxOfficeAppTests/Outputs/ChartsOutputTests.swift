@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

struct ChartsOutputTests {
    static let csvHeader =
        "start_date,end_date,rank,rank_change,is_new,code,title,open_date,audience,audience_change,audience_total,sales,sales_share,sales_total,screens,shows,audience_change_rate,sales_change,sales_change_rate"

    static func day(_ year: Int, _ month: Int, _ day: Int) throws -> KSTDate {
        try #require(KSTDate(year: year, month: month, day: day))
    }

    /// 2023-08-18 as KOBIS reported it, plus a movie with every count blank and a hostile title.
    static func daily(on date: KSTDate? = nil) throws -> BoxOfficeChart {
        let chartDay = try date ?? day(2023, 8, 18)
        var first = ChartEntry(rank: 1, rankIntensity: 0, code: "20226411", title: "콘크리트 유토피아")
        first.openDate = try day(2023, 8, 9)
        first.audience = 112_934
        first.audienceChange = -3871
        first.audienceChangeRate = -3.3
        first.audienceTotal = 2_105_361
        first.sales = 1_098_421_230
        first.salesShare = 32.4
        first.salesChange = -43_211_970
        first.salesChangeRate = -3.8
        first.salesTotal = 20_418_933_820
        first.screens = 1611
        first.shows = 6580
        var second = ChartEntry(rank: 2, rankIntensity: -2, code: "20990002", title: #"Concrete "Test" Title, Vol. 2"#)
        second.audience = 91_352
        let third = ChartEntry(rank: 3, rankIntensity: 0, isNew: true, code: "20990003", title: #"=HYPERLINK("https://evil.invalid")"#)
        var fourth = ChartEntry(rank: 10, rankIntensity: 5, code: "20218541", title: "밀수")
        fourth.audience = 874
        fourth.salesShare = 0.5
        return BoxOfficeChart(kind: .daily, startDate: chartDay, endDate: chartDay, entries: [first, second, third, fourth])
    }

    static func weekend() throws -> BoxOfficeChart {
        var entry = ChartEntry(rank: 1, rankIntensity: 1, code: "20226411", title: "콘크리트 유토피아")
        entry.audience = 1_013_882
        return try BoxOfficeChart(
            kind: .weekly(.weekend), startDate: day(2023, 8, 11), endDate: day(2023, 8, 13), yearWeek: "202332", entries: [entry])
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    // MARK: JSON

    @Test func jsonCarriesTheDocumentedKeysAndTypedValues() throws {
        let document = try Self.object(DocumentWriter.write(ChartsOutput([Self.daily()]), format: .json))
        #expect(document["kind"] as? String == "daily")
        #expect(document["startDate"] as? String == "2023-08-18")
        #expect(document["endDate"] as? String == "2023-08-18")
        #expect(document["yearWeek"] == nil, "only weekly charts have a week")
        let movies = try #require(document["movies"] as? [[String: Any]])
        #expect(movies.count == 4)
        let first = movies[0]
        #expect(
            Set(first.keys) == [
                "rank", "rankChange", "isNew", "code", "title", "openDate", "audience", "audienceChange", "audienceChangeRate",
                "audienceTotal", "sales", "salesShare", "salesChange", "salesChangeRate", "salesTotal", "screens", "shows",
            ])
        #expect(first["title"] as? String == "콘크리트 유토피아")
        #expect(first["openDate"] as? String == "2023-08-09")
        #expect((first["salesTotal"] as? NSNumber)?.int64Value == 20_418_933_820)
        #expect((first["salesShare"] as? NSNumber)?.doubleValue == 32.4)
        #expect((first["rankChange"] as? NSNumber)?.intValue == 0)
        let second = movies[1]
        #expect(second["openDate"] is NSNull, "a blank date is null")
        #expect(second["sales"] is NSNull, "a blank count is null")
        #expect((second["rankChange"] as? NSNumber)?.intValue == -2)
        #expect(second["title"] as? String == #"Concrete "Test" Title, Vol. 2"#)
        #expect(movies[2]["isNew"] as? Bool == true)
        #expect(movies[0]["isNew"] as? Bool == false)
    }

    @Test func jsonMovieMembersAreInTheDocumentedOrderWithNumbersAsNumbers() throws {
        let line = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .jsonl)
        let expected =
            #"{"rank":1,"rankChange":0,"isNew":false,"code":"20226411","title":"콘크리트 유토피아","openDate":"2023-08-09","#
            + #""audience":112934,"audienceChange":-3871,"audienceChangeRate":-3.3,"audienceTotal":2105361,"sales":1098421230,"#
            + #""salesShare":32.4,"salesChange":-43211970,"salesChangeRate":-3.8,"salesTotal":20418933820,"screens":1611,"shows":6580}"#
        let first = try #require(line.split(separator: "\n").first)
        #expect(first == #"{"kind":"daily","startDate":"2023-08-18","endDate":"2023-08-18","# + expected.dropFirst(), "\(first)")
    }

    @Test func weeklyJSONHasItsPeriodAndWeek() throws {
        let document = try Self.object(DocumentWriter.write(ChartsOutput([Self.weekend()]), format: .json))
        #expect(document["kind"] as? String == "weekend")
        #expect(document["startDate"] as? String == "2023-08-11")
        #expect(document["endDate"] as? String == "2023-08-13")
        #expect(document["yearWeek"] as? String == "202332")
    }

    @Test func postersAreNullWhenAskedForButNotFound() throws {
        var chart = try Self.daily()
        chart.entries[0].posterURL = "https://img.test/poster.jpg"
        let movies = try #require(
            try Self.object(DocumentWriter.write(ChartsOutput([chart], withPosters: true), format: .json))["movies"] as? [[String: Any]])
        #expect(movies[0]["posterURL"] as? String == "https://img.test/poster.jpg")
        #expect(movies[1]["posterURL"] is NSNull)
        let plain = try #require(try Self.object(DocumentWriter.write(ChartsOutput([Self.daily()]), format: .json))["movies"] as? [[String: Any]])
        #expect(plain[0]["posterURL"] == nil, "no poster key unless asked for")
    }

    @Test func jsonKeepsHostileTitlesExactButEscaped() throws {
        var chart = try Self.daily()
        chart.entries[0].title = "\u{1B}[31mRed\u{9B}2J\u{202E}"
        let text = DocumentWriter.write(ChartsOutput([chart]), format: .json)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
        let movies = try #require(try Self.object(text)["movies"] as? [[String: Any]])
        #expect(movies[0]["title"] as? String == "\u{1B}[31mRed\u{9B}2J\u{202E}")
    }

    // MARK: Ranges

    @Test func aRangeInJSONIsOneArrayInDateOrder() throws {
        let charts = try [Self.daily(on: Self.day(2023, 8, 17)), Self.daily(on: Self.day(2023, 8, 18))]
        let text = DocumentWriter.write(ChartsOutput(charts, asRange: true), format: .json)
        #expect(text.hasSuffix("]\n"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.map { $0["startDate"] as? String } == ["2023-08-17", "2023-08-18"])
    }

    @Test func aRangeOfOneDayIsStillAnArray() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()], asRange: true), format: .json)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [Any])
    }

    @Test func jsonLinesAreOneMoviePerLineWithItsChartsDays() throws {
        let charts = try [Self.daily(on: Self.day(2023, 8, 17)), Self.daily(on: Self.day(2023, 8, 18)), Self.weekend()]
        let text = DocumentWriter.write(ChartsOutput(charts, asRange: true), format: .jsonl)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == charts.map(\.entries.count).reduce(0, +))
        let records = try lines.map { try Self.object(String($0)) }
        #expect(records.first?["startDate"] as? String == "2023-08-17" && records.first?["rank"] as? Int == 1)
        #expect(records.last?["kind"] as? String == "weekend" && records.last?["yearWeek"] != nil)
    }

    @Test func aRangeInCSVHasTheHeaderOnce() throws {
        let charts = try [Self.daily(on: Self.day(2023, 8, 17)), Self.daily(on: Self.day(2023, 8, 18))]
        let text = DocumentWriter.write(ChartsOutput(charts, asRange: true), format: .csv)
        let records = try #require(DelimitedTextTests.parseCSV(text), "\(text)")
        #expect(records.count == 1 + 8)
        #expect(records.filter { $0.first == "start_date" }.count == 1)
        #expect(records.dropFirst().map(\.first) == Array(repeating: "2023-08-17", count: 4) + Array(repeating: "2023-08-18", count: 4))
        let tsv = DocumentWriter.write(ChartsOutput(charts, asRange: true), format: .tsv)
        #expect(tsv.split(separator: "\n").filter { $0.hasPrefix("start_date") }.count == 1)
        #expect(tsv.split(separator: "\n").count == 9)
    }

    // MARK: CSV and TSV

    @Test func csvHeaderIsTheContract() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .csv)
        #expect(text.hasPrefix(Self.csvHeader + "\n"))
        let posters = try DocumentWriter.write(ChartsOutput([Self.daily()], withPosters: true), format: .csv)
        #expect(posters.hasPrefix(Self.csvHeader + ",poster_url\n"), "the poster moves no other column")
    }

    @Test func csvRowsHoldPlainNumbersQuotedTextAndEmptyBlanks() throws {
        let records = try #require(try DelimitedTextTests.parseCSV(DocumentWriter.write(ChartsOutput([Self.daily()]), format: .csv)))
        #expect(records.allSatisfy { $0.count == 19 }, "\(records)")
        #expect(
            records[1] == [
                "2023-08-18", "2023-08-18", "1", "0", "false", "20226411", "콘크리트 유토피아", "2023-08-09",
                "112934", "-3871", "2105361", "1098421230", "32.4", "20418933820", "1611", "6580", "-3.3", "-43211970", "-3.8",
            ])
        #expect(
            records[2] == [
                "2023-08-18", "2023-08-18", "2", "-2", "false", "20990002", #"Concrete "Test" Title, Vol. 2"#, "",
                "91352", "", "", "", "", "", "", "", "", "", "",
            ])
        #expect(records[3][3...6] == ["0", "true", "20990003", #"'=HYPERLINK("https://evil.invalid")"#])
        #expect(records[4][12] == "0.5")
    }

    @Test func csvQuotesTheConcreteTestTitle() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .csv)
        #expect(text.contains(#","Concrete ""Test"" Title, Vol. 2","#))
        #expect(text.contains("\n2023-08-18,2023-08-18,2,-2,false,"), "a fall of two stays -2, no apostrophe")
    }

    @Test func aHostileTitleCannotAddACellOrAFormula() throws {
        var chart = try Self.daily()
        let title = "x\"\u{301},=HYPERLINK(\"https://evil.invalid\")\r\n2023-01-01"
        chart.entries[0].title = title
        let records = try #require(DelimitedTextTests.parseCSV(DocumentWriter.write(ChartsOutput([chart]), format: .csv)))
        #expect(records.count == 5)
        #expect(records.allSatisfy { $0.count == 19 }, "\(records)")
        #expect(Array(records[1][6].unicodeScalars) == Array(DelimitedTextTests.spacingOut(title).unicodeScalars))
    }

    @Test func tsvHasTheSameColumns() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .tsv)
        let lines = text.split(separator: "\n")
        #expect(lines.first.map(String.init) == Self.csvHeader.replacingOccurrences(of: ",", with: "\t"))
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 19 })
        #expect(lines[2].hasPrefix("2023-08-18\t2023-08-18\t2\t-2\tfalse\t20990002\tConcrete \"Test\" Title, Vol. 2\t\t91352\t"))
    }

    // MARK: Table and Markdown

    @Test func tableStartsWithItsTitleLine() throws {
        let daily = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .table)
        #expect(daily.hasPrefix("Daily box office, 2023-08-18\n"))
        let weekend = try DocumentWriter.write(ChartsOutput([Self.weekend()]), format: .table)
        #expect(weekend.hasPrefix("Weekend box office, 2023-08-11 to 2023-08-13 (Fri–Sun)\n"))
    }

    @Test func tableColumnsLineUpWithKoreanAndLatinTitles() throws {
        let lines = try TableLayout.lines(DocumentWriter.write(ChartsOutput([Self.daily()]), format: .table)).dropFirst().map { $0 }
        let cells = [
            ["#", "Change", "Title", "Opened", "Audience", "Total", "Share", "Screens"],
            ["1", "-", "콘크리트 유토피아", "2023-08-09", "112,934", "2,105,361", "32.4%", "1,611"],
            ["2", "▼2", #"Concrete "Test" Title, Vol. 2"#, "-", "91,352", "-", "-", "-"],
            ["3", "NEW", #"=HYPERLINK("https://evil.invalid")"#, "-", "-", "-", "-", "-"],
            ["10", "▲5", "밀수", "-", "874", "-", "0.5%", "-"],
        ]
        #expect(lines.count == cells.count)
        let spans = try zip(lines, cells).map { line, cells in try #require(TableLayout.spans(of: cells, in: line), "\(line)") }
        let leftAligned: Set = [2, 3]
        for column in cells[0].indices {
            let edges = spans.map { leftAligned.contains(column) ? $0[column].lowerBound : $0[column].upperBound }
            #expect(Set(edges).count == 1, "\(cells[0][column]): \(edges)\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test func tableFitsANarrowTerminalByCuttingTitles() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .table, style: RenderStyle(terminalWidth: 70))
        let lines = TableLayout.lines(text).dropFirst()
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 70 }, "\(text)")
        #expect(lines.contains { $0.contains("…") })
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test func tableColourMarksChangesWithoutCarryingThem() throws {
        let coloured = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .table, style: RenderStyle(usesColor: true))
        #expect(coloured.contains("\u{1B}[34m▼2\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31m▲5\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1mNEW\u{1B}[0m"))
        #expect(try TableLayout.strippingColor(coloured) == DocumentWriter.write(ChartsOutput([Self.daily()]), format: .table))
    }

    @Test func tableRangesAreOneBlockPerChart() throws {
        let charts = try [Self.daily(on: Self.day(2023, 8, 17)), Self.daily(on: Self.day(2023, 8, 18))]
        let text = DocumentWriter.write(ChartsOutput(charts, asRange: true), format: .table)
        #expect(text.components(separatedBy: "Daily box office, ").count == 3)
        #expect(text.contains("\n\nDaily box office, 2023-08-18\n"), "a blank line between blocks")
    }

    @Test func tableSanitizesHostileTitles() throws {
        var chart = try Self.daily()
        chart.entries[0].title = "\u{1B}]0;pwned\u{07}Title\u{9B}2J\u{202E}"
        let text = DocumentWriter.write(ChartsOutput([chart]), format: .table)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    }

    @Test func markdownLeavesABlankLineBetweenATableAndTheNoteUnderIt() throws {
        var empty = try Self.daily()
        empty.entries = []
        let text = DocumentWriter.write(ChartsOutput([empty]), format: .markdown)
        #expect(text.contains(" |\n\n_No movies in this chart._"), "\(text)")
    }

    @Test func markdownHasAHeadingAndOneRowPerMovie() throws {
        let text = try DocumentWriter.write(ChartsOutput([Self.daily()]), format: .markdown)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "### Daily box office, 2023-08-18")
        #expect(lines[1].isEmpty)
        #expect(lines[2] == "| # | Change | Title | Opened | Audience | Total | Share | Screens |")
        #expect(lines[3] == "| ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |")
        #expect(
            lines[4]
                == "| 1 | - | [콘크리트 유토피아](<https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=20226411>) | 2023-08-09 | 112,934 | 2,105,361 | 32.4% | 1,611 |"
        )
        #expect(lines.count == 4 + 4 + 1)
    }
}
