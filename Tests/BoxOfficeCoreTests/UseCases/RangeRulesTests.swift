import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// The range rules every caller gets: each problem of each kind of range, one typed error.
struct RangeRulesTests {
    static func day(_ text: String) -> KSTDate {
        guard let date = KSTDate(parsing: text) else { preconditionFailure("not a day: \(text)") }
        return date
    }

    /// The problem a rule threw, or nil when it threw none (or something else).
    static func problem<Value>(_ rule: () throws(BoxOfficeError) -> Value) -> RangeProblem? {
        do {
            _ = try rule()
            return nil
        } catch .invalidRange(let problem) {
            return problem
        } catch {
            Issue.record("not a range problem: \(error)")
            return nil
        }
    }

    // MARK: Daily

    @Test func aDailyRangeIsEveryDayBothIncluded() throws {
        #expect(
            try RangeRules.days(from: Self.day("20230830"), to: Self.day("20230902")).map(\.compact) == [
                "20230830", "20230831", "20230901", "20230902",
            ])
        #expect(try RangeRules.days(from: Self.day("20230818"), to: Self.day("20230818")) == [Self.day("20230818")])
    }

    @Test func aReversedDailyRangeIsRefused() {
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.days(from: Self.day("20230901"), to: Self.day("20230801")) }
                == .reversed(from: Self.day("20230901"), to: Self.day("20230801")))
    }

    @Test func aDailyRangeOfAYearIsTheLongest() throws {
        let from = Self.day("20230101")
        #expect(try RangeRules.days(from: from, to: from.adding(days: ChartQuery.longestDailyRange - 1)).count == 366)
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.days(from: from, to: from.adding(days: ChartQuery.longestDailyRange)) }
                == .tooLong(count: 367, limit: 366, unit: .days))
    }

    // MARK: Weekly

    @Test func aWeeklyRangeHoldsThePeriodsThatStartInIt() throws {
        let today = Self.day("20261122")
        let weeks = try RangeRules.weeks(.week, from: Self.day("20230810"), to: Self.day("20230822"), today: today)
        #expect(weeks.ended.map(\.compact) == ["20230814", "20230821"] && weeks.notEnded.isEmpty)
        let weekends = try RangeRules.weeks(.weekend, from: Self.day("20230801"), to: Self.day("20230831"), today: today)
        #expect(weekends.ended.map { WeekPeriod.weekend.firstDay(ofWeekContaining: $0).compact } == ["20230804", "20230811", "20230818", "20230825"])
    }

    @Test func aWeeklyRangeLeavesOutWhatHasNotEndedAndRefusesWhenNothingHas() throws {
        // 2026-11-22 is a Sunday: the week of 11-16 ends today, so it has not ended.
        let today = Self.day("20261122")
        let weeks = try RangeRules.weeks(.week, from: Self.day("20261102"), to: today, today: today)
        #expect(weeks.ended.map(\.compact) == ["20261102", "20261109"] && weeks.notEnded.map(\.compact) == ["20261116"])
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.weeks(.week, from: Self.day("20261116"), to: today, today: today) }
                == .notEndedYet(.week, firstDay: Self.day("20261116"), lastDay: today, today: today))
    }

    @Test func aWeeklyRangeIsRefusedReversedTooLongOrEmpty() {
        let today = Self.day("20261122")
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.weeks(.week, from: Self.day("20230831"), to: Self.day("20230801"), today: today)
            }
                == .reversed(from: Self.day("20230831"), to: Self.day("20230801")))
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.weeks(.week, from: Self.day("20000101"), to: Self.day("20230813"), today: today)
            }
                == .tooLong(count: 1_233, limit: 260, unit: .weeks))
        // Monday to Wednesday holds no weekend's Friday.
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.weeks(.weekend, from: Self.day("20230807"), to: Self.day("20230809"), today: today)
            }
                == .nothingStarts(.weekend, from: Self.day("20230807"), to: Self.day("20230809")))
    }

    @Test func oneWeekMustHaveEnded() throws {
        let wednesday = Self.day("20261118")
        #expect(try RangeRules.endedWeek(.weekdays, containing: Self.day("20261110"), today: wednesday) == Self.day("20261110"))
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.endedWeek(.weekdays, containing: Self.day("20261117"), today: wednesday) }
                == .notEndedYet(.weekdays, firstDay: Self.day("20261116"), lastDay: Self.day("20261119"), today: wednesday))
    }

    // MARK: Trend

    @Test func aTrendRunsAYearOrToYesterday() throws {
        let yesterday = Self.day("20261121")
        let movie = MovieDetails(code: "20226411", title: "콘크리트 유토피아", openDate: Self.day("20230809"))
        let firstYear = try RangeRules.trendDays(from: nil, to: nil, movie: movie, yesterday: yesterday)
        #expect(firstYear.count == 366 && firstYear.first == Self.day("20230809") && firstYear.last == Self.day("20240808"))
        #expect(try RangeRules.trendDays(from: Self.day("20261120"), to: nil, yesterday: yesterday).count == 2, "to yesterday if sooner")
        #expect(try RangeRules.trendDays(from: nil, to: Self.day("20250101"), movie: movie, yesterday: yesterday).count == 366, "a year back")
    }

    @Test func aTrendIsRefusedReversedTooLongNotEndedOrBeforeTheOpening() {
        let yesterday = Self.day("20261121")
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.trendDays(from: Self.day("20230818"), to: Self.day("20230811"), yesterday: yesterday)
            } == .reversed(from: Self.day("20230818"), to: Self.day("20230811")))
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.trendDays(from: Self.day("20200101"), to: Self.day("20230801"), yesterday: yesterday)
            } == .tooLong(count: 1_309, limit: 366, unit: .days))
        let today = yesterday.adding(days: 1)
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.trendDays(from: today, to: nil, yesterday: yesterday) }
                == .notEndedYet(nil, firstDay: today, lastDay: today, today: today), "today has no figures: nothing in the range has ended")
        let movie = MovieDetails(code: "20218541", title: "밀수", openDate: Self.day("20230726"))
        #expect(
            Self.problem { () throws(BoxOfficeError) in
                try RangeRules.trendDays(from: nil, to: Self.day("20230701"), movie: movie, yesterday: yesterday)
            }
                == .endsBeforeOpening(movieCode: "20218541", title: "밀수", lastDay: Self.day("20230701"), opening: Self.day("20230726")))
        #expect(
            Self.problem { () throws(BoxOfficeError) in try RangeRules.trendDays(from: nil, to: Self.day("20230701"), yesterday: yesterday) } == nil,
            "the opening is not known before the movie is looked up")
    }

    // MARK: Every caller

    @Test func everyProblemIsOneSentenceWithoutAToolsWords() {
        let day = Self.day("20230818")
        let problems: [RangeProblem] = [
            .reversed(from: day, to: day), .tooLong(count: 400, limit: 366, unit: .days), .tooLong(count: 300, limit: 260, unit: .weeks),
            .nothingStarts(.weekend, from: day, to: day), .notEndedYet(.week, firstDay: day, lastDay: day, today: day),
            .notEndedYet(.weekdays, firstDay: day, lastDay: day, today: day), .notEndedYet(nil, firstDay: day, lastDay: day, today: day),
            .endsBeforeOpening(movieCode: "1", title: "밀수", lastDay: day, opening: day),
        ]
        for problem in problems {
            let line = BoxOfficeError.invalidRange(problem).description
            #expect(line == problem.description && line.hasSuffix(".") && !line.contains("\n"), "\(line)")
            #expect(!line.contains("--") && !line.contains("boxoffice"), "an app's user has no options: \(line)")
        }
    }

    @Test func aRangeFetcherRefusesARangeTooLongBeforeAnyRequest() async {
        let loader = StubLoader(body: Data())
        let from = Self.day("20220101")
        let query = ChartQuery(kind: .daily, dates: (0...ChartQuery.longestDailyRange).map { from.adding(days: $0) })
        await #expect(throws: BoxOfficeError.invalidRange(.tooLong(count: 367, limit: 366, unit: .days))) {
            try await ChartFetcher(client: .testing(loader)).charts(query)
        }
        let weekly = ChartQuery(kind: .weekly(.week), dates: (0...ChartQuery.longestWeeklyRange).map { from.adding(days: 7 * $0) })
        await #expect(throws: BoxOfficeError.invalidRange(.tooLong(count: 261, limit: 260, unit: .weeks))) {
            try await ChartFetcher(client: .testing(loader)).charts(weekly)
        }
        #expect(loader.requests.isEmpty)
    }

    @Test func aTrendTheRulesRefuseAsksForNothing() async {
        let loader = StubLoader(body: Data())
        await #expect(throws: BoxOfficeError.invalidRange(.reversed(from: Self.day("20230818"), to: Self.day("20230811")))) {
            try await BoxOfficeClient.testing(loader).trend(movieCode: "20218541", from: Self.day("20230818"), to: Self.day("20230811"))
        }
        #expect(loader.requests.isEmpty, "not even the movie's details")
    }
}
