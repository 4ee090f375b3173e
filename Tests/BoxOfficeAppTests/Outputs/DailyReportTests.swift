@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Synchronization
import TestSupport
import Testing

/// Every figure of the morning report, computed from our fixtures and the real captures.
struct DailyReportTests {
    let client = BoxOfficeClient.testing(StubLoader(body: Data()))

    func chart(_ url: URL) throws -> BoxOfficeChart {
        let data = try Data(contentsOf: url)
        let day = try JSONDecoder().decode(BoxOfficeResponse.self, from: data).boxOfficeResult.days().first
        return try BoxOfficeChart(client.interpret(data, response: nil, for: .dailyBoxOffice(on: day)), kind: .daily, requested: day.iso)
    }

    func fixtures(_ days: [String]) throws -> [KSTDate: BoxOfficeChart] {
        var charts: [KSTDate: BoxOfficeChart] = [:]
        for day in days {
            let chart = try chart(TestFiles.fixtures.appendingPathComponent("kobis/daily-\(day).json"))
            charts[chart.startDate] = chart
        }
        return charts
    }

    static let august18 = KSTDate(year: 2023, month: 8, day: 18)!

    @Test func aReportFromTheReplaySetHasEveryFigure() throws {
        let (window, all) = DailyReport.chartDays(for: Self.august18, days: 7)
        #expect(window.first == KSTDate(year: 2023, month: 8, day: 12) && window.last == Self.august18)
        #expect(all.first == KSTDate(year: 2023, month: 8, day: 11), "a week earlier is read too")
        let charts = try fixtures(["20230811", "20230812", "20230813", "20230814", "20230815", "20230816", "20230817", "20230818"])
        let report = DailyReport(date: Self.august18, days: window, charts: charts)
        #expect(report.movies.count == 10)
        let first = report.movies[0]
        #expect(first.title == "콘크리트 유토피아" && first.previousRank == 1 && first.daysSinceOpening == 9)
        #expect(first.trend == [221_929, 198_568, 105_124, 210_249, 110_964, 116_805, 112_934])
        let oppenheimer = try #require(report.movies.first { $0.title == "오펜하이머" })
        #expect(oppenheimer.trend.prefix(3).allSatisfy { $0 == nil }, "not in the chart before it opened: gaps")
        #expect(report.newEntries.isEmpty && report.reentries == ["20233616"], "귀공자 is back on its 59th day, not new")
        #expect(report.climber?.title == "미션 임파서블: 데드 레코닝 PART ONE" && report.climber?.rankIntensity == 1)
        #expect(report.faller?.title == "더 문" && report.faller?.rankIntensity == -1, "ties go to the higher rank")
        #expect(report.milestones.map(\.milestone) == [4_000_000], "콘크리트 유토피아 passed 2,000,000 the day before")
        let week = try #require(report.sameWeekdayLastWeek)
        #expect(week.date == KSTDate(year: 2023, month: 8, day: 11))
        #expect(week.audience == report.movies.compactMap(\.audience).reduce(0, +))
        #expect(week.change == week.audience - week.audienceThatDay && week.changeRate == 47.4, "ten films against ten")
        #expect(week.audienceThatDay == 204_572)

        let markdown = DocumentWriter.write(ReportOutput(report, withPosters: false), format: .markdown)
        let oppenheimerRow = try #require(markdown.split(separator: "\n").first { $0.contains("오펜하이머") })
        #expect(oppenheimerRow.hasSuffix("| \u{00A0}\u{00A0}\u{00A0}█▅▅▅ |"), "Markdown keeps no-break gaps: \(oppenheimerRow)")
        let text = DocumentWriter.write(ReportOutput(report, withPosters: false), format: .text)
        #expect(text.contains("Back in the top 10: 귀공자 (day 59)") && !text.contains("New: 귀공자"))
        #expect(text.contains(" BACK  귀공자"), "its move says it is back")
    }

    @Test func theReportTableFitsNarrowTerminalsByLeavingOutColumns() throws {
        let charts = try fixtures(["20230811", "20230812", "20230813", "20230814", "20230815", "20230816", "20230817", "20230818"])
        let (window, _) = DailyReport.chartDays(for: Self.august18, days: 7)
        let output = ReportOutput(DailyReport(date: Self.august18, days: window, charts: charts), withPosters: false)
        for width in [30, 40, 60, 80] {
            let text = DocumentWriter.write(output, format: .table, style: RenderStyle(terminalWidth: width))
            // The header and ten rows; the heading and the news are prose the terminal may wrap.
            let table = Array(text.split(separator: "\n").dropFirst().prefix(11))
            #expect(table.allSatisfy { DisplayWidth.of(String($0)) <= width }, "\(width):\n\(text)")
            #expect(table[0].contains("Title") && table[0].contains("Audience"), "\(width): \(table[0])")
            #expect(table[0].contains("Trend") == (width >= 40), "the trend goes last: \(width): \(table[0])")
            #expect(table[0].contains("Screens") == (width >= 80), "\(width): \(table[0])")
        }
    }

    @Test func milestonesAreEveryMillionToTenThenEveryFive() {
        #expect(DailyReport.milestone(crossedFrom: 990_000, to: 1_010_000) == 1_000_000)
        #expect(DailyReport.milestone(crossedFrom: 999_999, to: 2_000_000) == 2_000_000, "the highest mark passed that day")
        #expect(DailyReport.milestone(crossedFrom: 1_000_000, to: 1_500_000) == nil, "reaching it the day before does not count again")
        #expect(DailyReport.milestone(crossedFrom: 9_990_000, to: 10_020_000) == 10_000_000)
        #expect(DailyReport.milestone(crossedFrom: 10_500_000, to: 14_900_000) == nil, "no mark between 10 and 15 million")
        #expect(DailyReport.milestone(crossedFrom: 12_000_000, to: 15_100_000) == 15_000_000)
        #expect(DailyReport.milestone(crossedFrom: 19_999_000, to: 25_000_000) == 25_000_000)
        #expect(DailyReport.milestone(crossedFrom: 500, to: 400) == nil)
        #expect(DailyReport.milestone(crossedFrom: 0, to: 999_999) == nil)
    }

    @Test func figuresPastSixtyFourBitsNeverTrapAndStayBounded() throws {
        let date = Self.august18
        func entry(_ rank: Int, _ audience: Int64, total: Int64) -> ChartEntry {
            var entry = ChartEntry(rank: rank, rankIntensity: 0, isNew: false, code: "c\(rank)", title: "t\(rank)")
            entry.audience = audience
            entry.audienceTotal = total
            return entry
        }
        func chart(on day: KSTDate, _ entries: [ChartEntry]) -> BoxOfficeChart {
            BoxOfficeChart(kind: .daily, startDate: day, endDate: day, yearWeek: nil, entries: entries, filter: ChartFilter())
        }
        let huge = Int64.max - 1
        let weekEarlier = date.adding(days: -7), dayBefore = date.adding(days: -1)
        let charts = [
            date: chart(on: date, [entry(1, huge, total: huge), entry(2, huge, total: 5), entry(3, 1, total: huge)]),
            dayBefore: chart(on: dayBefore, [entry(1, .min + 1, total: 0)]),
            weekEarlier: chart(on: weekEarlier, [entry(1, .min + 1, total: 0)]),
        ]
        let report = DailyReport(date: date, days: [weekEarlier, dayBefore, date], charts: charts)
        #expect(report.sameWeekdayLastWeek == nil, "the sums do not fit in 64 bits")
        #expect(report.milestones.map(\.milestone) == [9_223_372_036_850_000_000], "the first passed them all at once: one mark, in constant memory")
        _ = Sparkline.text(report.movies[0].trend)
        _ = DocumentWriter.write(ReportOutput(report, withPosters: false), format: .table, style: RenderStyle(terminalWidth: 80))
    }

    @Test(.sharedSamples) func aReportFromFiveRealDaysHasMovesGapsAndNoWeekEarlier() throws {
        var charts: [KSTDate: BoxOfficeChart] = [:]
        for name in ["daily-20250825.json", "daily-20250826.json", "daily-20250827.json", "daily-20250828.json", "daily-20250829.json"] {
            let chart = try chart(TestFiles.samples.appendingPathComponent("kobis/\(name)"))
            charts[chart.startDate] = chart
        }
        let date = try #require(KSTDate(year: 2025, month: 8, day: 29))
        let (window, _) = DailyReport.chartDays(for: date, days: 5)
        let report = DailyReport(date: date, days: window, charts: charts)
        #expect(report.movies.count == 10)
        #expect(report.sameWeekdayLastWeek == nil, "no chart of 2025-08-22 was captured")
        for movie in report.movies {
            #expect(movie.trend.count == 5 && movie.trend.last == movie.audience)
            let yesterday = charts[date.adding(days: -1)]?.entries.first { $0.code == movie.code }
            #expect(movie.previousRank == yesterday?.rank, "\(movie.title)")
        }
        for milestone in report.milestones {
            let movie = try #require(report.movies.first { $0.code == milestone.code })
            let total = try #require(movie.audienceTotal), audience = try #require(movie.audience)
            #expect(total - audience < milestone.milestone && milestone.milestone <= total)
        }
    }

    @Test func sparklinesScaleFromZeroWithGaps() {
        #expect(Sparkline.text([1, 2, nil, 8]) == "▂▃ █")
        #expect(Sparkline.text([5, 5]) == "██")
        #expect(Sparkline.text([100, 97]) == "██", "a 3 % dip looks small")
        #expect(Sparkline.text([0, 0]) == "▁▁")
        #expect(Sparkline.text([nil, nil]) == "  ")
        let svg = Sparkline.svg([1, 2, nil, 8])
        #expect(svg.hasPrefix("<svg") && svg.contains("<polyline") && svg.contains("<circle"))
        #expect(svg.contains("stroke=\"#c2410c\"") && svg.contains("fill=\"none\""), "drawn without a stylesheet")
        #expect(svg.contains("aria-label=\"Audience a day: 1, 2, not in the top 10, 8\""))
    }
}

/// What a morning's report costs a cron job that ran the morning before: the README and `help
/// report` say it, and this is what makes it true.
struct DailyReportCostTests {
    /// Answers any day's chart: the recorded 2023-08-18, dated the day asked for.
    final class AnyDay: HTTPDataLoading {
        let template: String
        let asked = Mutex<[String]>([])

        init() throws {
            template = String(decoding: try TestFiles.fixture("kobis/daily-20230818.json"), as: UTF8.self)
        }

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            let day = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "targetDt" }?.value ?? ""
            asked.withLock { $0.append(day) }
            return (Data(template.replacingOccurrences(of: "20230818", with: day).utf8), HTTPResponse(url: request.url, statusCode: 200))
        }
    }

    @Test func aDailyCronsReportCostsThreeCallsTheMorningAfterTheFirst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-cost-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = try AnyDay()
        // 09:00 in Seoul on the 19th, then on the 20th.
        let firstMorning = Date(timeIntervalSince1970: 1_692_403_200)
        for (morning, day) in [(firstMorning, 18), (firstMorning.addingTimeInterval(86_400), 19)] {
            let client = BoxOfficeClient.testing(loader, cache: ResponseCache(directory: directory), now: morning)
            _ = try await client.report(on: try #require(KSTDate(year: 2023, month: 8, day: day)))
        }
        let asked = loader.asked.withLock { $0 }
        #expect(asked.count == 8 + 3, "\(asked)")
        #expect(Set(asked.suffix(3)) == ["20230819", "20230818", "20230817"], "the day itself and the two days KOBIS may still revise")
    }
}
