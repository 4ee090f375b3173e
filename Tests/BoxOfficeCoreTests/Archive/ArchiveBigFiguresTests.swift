@testable import BoxOfficeArchive
import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// Figures a hostile server may send (every count up to 2^53, which JSON carries exactly) or a
/// hand-edited file may hold: every question of the archive answers exactly or says its total is
/// too large; none traps.
struct ArchiveBigFiguresTests {
    static let largest: Int64 = 1 << 53

    /// `days` days of ten films each, new films every day, every count at 2^53.
    static func hostileArchive(days: Int) throws -> (TemporaryArchiveFolder, BoxOfficeArchive, ArchivePeriod) {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        let first = KSTDate(year: 2023, month: 1, day: 1)!
        for offset in 0..<days {
            var chart = try ArchiveTests.chart(first.adding(days: offset))
            for index in chart.entries.indices {
                chart.entries[index].code = "9\(offset * 10 + index)"
                chart.entries[index].audience = largest
                chart.entries[index].audienceTotal = largest
                chart.entries[index].sales = largest
                chart.entries[index].salesTotal = largest
            }
            try archive.store(chart, settled: true, fetchedAt: Date())
        }
        return (folder, archive, .days(from: first, to: first.adding(days: days - 1)))
    }

    @Test func aHundredDaysAt2To53AreSummedExactly() throws {
        let (folder, archive, period) = try Self.hostileArchive(days: 100)
        _ = folder
        let groups = try archive.share(period, by: .distributor)
        let totals = try #require(ShareGroup.totals(groups))
        #expect(totals.audience == 1_000 * Self.largest && totals.sales == 1_000 * Self.largest)
        #expect(try archive.top(period, by: .sales, limit: 3).first?.total == Self.largest)
    }

    @Test func aHundredAndTenDaysAt2To53SayTheirTotalIsTooLarge() throws {
        let (folder, archive, period) = try Self.hostileArchive(days: 110)
        #expect(throws: BoxOfficeError.archive(.totalTooLarge(path: folder.file))) { try archive.share(period, by: .genre) }
        #expect(throws: BoxOfficeError.archive(.totalTooLarge(path: folder.file))) {
            try archive.yearSoFar(through: KSTDate(year: 2023, month: 4, day: 20)!)
        }
        // A film's own figure is within 2^54 and answered.
        #expect(try archive.top(period, limit: 1).first?.total == Self.largest)
    }

    @Test func aHandEditedFileNearInt64sEndSaysItsTotalIsTooLarge() throws {
        let (folder, archive, period) = try Self.hostileArchive(days: 2)
        _ = try archive.query("SELECT 1")
        let writer = try SQLiteConnection(path: folder.file, readOnly: false)
        try writer.execute("UPDATE daily_chart SET audience = 5000000000000000000, audience_total = 5000000000000000000")
        #expect(throws: BoxOfficeError.archive(.totalTooLarge(path: folder.file))) { try archive.share(period, by: .nation) }
        // Each film is on one day: its own figure is exact.
        #expect(try archive.top(period, limit: 1).first?.total == 5_000_000_000_000_000_000)
        // The same film on both days: the sum of its days is past Int64, and said so.
        try writer.execute("UPDATE daily_chart SET movie_code = '1' || position")
        #expect(throws: BoxOfficeError.archive(.totalTooLarge(path: folder.file))) { try archive.top(period, limit: 3) }
    }
}
