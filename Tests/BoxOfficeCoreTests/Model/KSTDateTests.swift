@testable import BoxOfficeCore
import Foundation
import Testing

struct KSTDateTests {
    @Test(arguments: ["20230818", "2023-08-18"])
    func parsesBothForms(_ text: String) {
        #expect(KSTDate(parsing: text) == KSTDate(year: 2023, month: 8, day: 18))
    }

    @Test(arguments: ["20231332", "2023-02-30", "20230229", "2023-8-18", "2023/08/18", "abcdefgh", "", "202308188", "２０２３０８１８"])
    func rejectsImpossibleOrMalformedDates(_ text: String) {
        #expect(KSTDate(parsing: text) == nil)
    }

    @Test func leapDayExists() {
        #expect(KSTDate(parsing: "20240229") != nil)
    }

    @Test func seoulIsAlreadyTomorrowAtThreePMUTC() {
        // 2023-08-18 15:00 UTC is 2023-08-19 00:00 in Seoul.
        let instant = Date(timeIntervalSince1970: 1_692_370_800)
        #expect(KSTDate.today(at: instant) == KSTDate(year: 2023, month: 8, day: 19))
        #expect(KSTDate.today(at: instant.addingTimeInterval(-1)) == KSTDate(year: 2023, month: 8, day: 18))
    }

    @Test func weekdaysAreISO() {
        #expect(KSTDate(year: 2023, month: 8, day: 14)?.weekday == 1)
        #expect(KSTDate(year: 2023, month: 8, day: 20)?.weekday == 7)
        #expect(KSTDate(year: 1970, month: 1, day: 1)?.weekday == 4)
    }

    @Test func arithmeticCrossesMonthsAndYears() {
        let date = KSTDate(year: 2024, month: 1, day: 1)!
        #expect(date.adding(days: -1) == KSTDate(year: 2023, month: 12, day: 31))
        #expect(date.adding(days: 59) == KSTDate(year: 2024, month: 2, day: 29))
        #expect(date.adding(days: 366).days(since: date) == 366)
    }

    @Test func resolvesPeopleDates() {
        let today = KSTDate(year: 2026, month: 11, day: 22)!
        #expect(KSTDate.resolve("today", today: today) == today)
        #expect(KSTDate.resolve("yesterday", today: today) == KSTDate(year: 2026, month: 11, day: 21))
        #expect(KSTDate.resolve("-3d", today: today) == KSTDate(year: 2026, month: 11, day: 19))
        #expect(KSTDate.resolve("-0d", today: today) == today)
        #expect(KSTDate.resolve("tomorrow", today: today) == nil)
        #expect(KSTDate.resolve("-xd", today: today) == nil)
    }

    @Test func weekPeriodsAndTheLatestEndedWeek() {
        let thursday = KSTDate(year: 2023, month: 8, day: 17)!
        #expect(WeekPeriod.week.firstDay(ofWeekContaining: thursday) == KSTDate(year: 2023, month: 8, day: 14))
        #expect(WeekPeriod.weekend.firstDay(ofWeekContaining: thursday) == KSTDate(year: 2023, month: 8, day: 18))
        #expect(WeekPeriod.weekdays.lastDay(ofWeekContaining: thursday) == KSTDate(year: 2023, month: 8, day: 17))
        let sunday = KSTDate(year: 2023, month: 8, day: 20)!
        // On a Sunday the week is not over yet, so the latest ended week is the one before.
        #expect(WeekPeriod.week.latestEnded(before: sunday) == KSTDate(year: 2023, month: 8, day: 13))
        #expect(WeekPeriod.week.latestEnded(before: sunday.adding(days: 1)) == sunday)
        #expect(WeekPeriod.weekdays.latestEnded(before: KSTDate(year: 2023, month: 8, day: 18)!) == thursday)
    }

    @Test func rankChangeMarkers() {
        #expect(RankChange(intensity: 3, isNew: false) == .up(3))
        #expect(RankChange(intensity: -2, isNew: false).marker == "▼2")
        #expect(RankChange(intensity: 0, isNew: false).marker == "-")
        #expect(RankChange(intensity: 0, isNew: true).marker == "NEW")
        #expect(RankChange.up(3).marker == "▲3")
    }

    @Test func regionsByNameAndCode() {
        #expect(Region.named("seoul")?.code == "0105001")
        #expect(Region.named("SEOUL")?.code == "0105001")
        #expect(Region.named("서울특별시")?.code == "0105001")
        #expect(Region.named("경기도")?.code == "0105002")
        #expect(Region.named("0105017")?.englishName == "sejong")
        #expect(Region.named("atlantis") == nil)
        #expect(Region.all.count == 17)
    }
}
