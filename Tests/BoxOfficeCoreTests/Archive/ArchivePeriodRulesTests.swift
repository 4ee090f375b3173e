import BoxOfficeArchive
import BoxOfficeCore
import Testing

/// The archive's periods follow the library's range rules, as daily and weekly ranges do: an app
/// gets the same typed refusal the tool says in its own words.
struct ArchivePeriodRulesTests {
    let today = KSTDate(year: 2026, month: 11, day: 27)!

    @Test func aPeriodIsRefusedReversedOrInTheFuture() throws {
        let from = KSTDate(year: 2023, month: 8, day: 20)!
        let to = KSTDate(year: 2023, month: 8, day: 18)!
        #expect(throws: BoxOfficeError.invalidRange(.reversed(from: from, to: to))) {
            try RangeRules.archivePeriod(from: from, to: to, today: today)
        }
        let next = KSTDate(year: 2027, month: 1, day: 1)!
        #expect(throws: BoxOfficeError.invalidRange(.startsInTheFuture(firstDay: next, today: today))) {
            try RangeRules.archivePeriod(year: 2027, today: today)
        }
        #expect(try RangeRules.archivePeriod(year: 2023, month: 13, today: today) == nil)
        #expect(
            try RangeRules.archivePeriod(year: 2023, month: 8, today: today)
                == .days(from: KSTDate(year: 2023, month: 8, day: 1)!, to: KSTDate(year: 2023, month: 8, day: 31)!))
        // A year not over yet is a period all the same: its days so far are the archive's.
        #expect(
            try RangeRules.archivePeriod(year: 2026, today: today)
                == .days(from: KSTDate(year: 2026, month: 1, day: 1)!, to: KSTDate(year: 2026, month: 12, day: 31)!))
    }
}
