@testable import BoxOfficeArchive
import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// The archive file as the library writes and reads it, through the system's SQLite.
struct ArchiveTests {
    static func chart(_ day: KSTDate) throws -> BoxOfficeChart {
        var chart = try TestFiles.chart("kobis/daily-20230818.json", kind: .daily)
        chart.startDate = day
        chart.endDate = day
        return chart
    }

    static func archive(_ folder: TemporaryArchiveFolder) throws -> BoxOfficeArchive {
        try BoxOfficeArchive(path: folder.file)
    }

    @Test func aDayStoredTwiceIsHeldOnceAndTheTopSumsTheDays() throws {
        let folder = TemporaryArchiveFolder()
        let archive = try Self.archive(folder)
        let first = KSTDate(year: 2023, month: 8, day: 17)!
        let second = KSTDate(year: 2023, month: 8, day: 18)!
        try archive.store(try Self.chart(first), settled: true, fetchedAt: Date())
        try archive.store(try Self.chart(second), settled: false, fetchedAt: Date())
        try archive.store(try Self.chart(second), settled: true, fetchedAt: Date())
        let status = try archive.status()
        #expect(status.days == 2 && status.chartRows == 20 && status.unsettledDays == 0 && status.missingDays == 0, "\(status)")
        #expect(status.schemaVersion == BoxOfficeArchive.schemaVersion)
        let top = try archive.top(.days(from: first, to: second), limit: 3)
        #expect(top.first?.title == "콘크리트 유토피아" && top.first?.total == 2 * 112_934 && top.first?.daysInTopTen == 2, "\(top)")
        #expect(try archive.days(from: first, to: second) == [first: true, second: true])
    }

    /// Twenty years of days (the fixture's chart each day): a year's top and share read only its
    /// days, all time reads the latest totals, the status counts every day and the file stays small.
    @Test func aTwentyYearArchiveAnswersAYearFromItsDaysAlone() throws {
        let folder = TemporaryArchiveFolder()
        let archive = try Self.archive(folder)
        let first = KSTDate(year: 2004, month: 1, day: 1)!
        let template = try Self.chart(first)
        let count = 7_300
        for offset in 0..<count {
            var chart = template
            chart.startDate = first.adding(days: offset)
            chart.endDate = chart.startDate
            try archive.store(chart, settled: true, fetchedAt: Date())
        }
        let status = try archive.status()
        #expect(status.days == count && status.chartRows == 10 * count && status.missingDays == 0 && status.films == 10, "\(status)")
        #expect(status.bytes < 30_000_000, "\(status.bytes) bytes")
        let year = try #require(ArchivePeriod.year(2015))
        let top = try archive.top(year, limit: 10)
        #expect(top.count == 10 && top.first?.title == "콘크리트 유토피아" && top.first?.total == 365 * 112_934 && top.first?.daysInTopTen == 365)
        let share = try archive.share(year, by: .distributor)
        #expect(share.reduce(0) { $0 + $1.audience } == 365 * template.entries.compactMap(\.audience).reduce(0, +))
        let last = first.adding(days: count - 1)
        #expect(try archive.missingDays(from: last.adding(days: -2), to: last.adding(days: 3)) == (1...3).map { last.adding(days: $0) })
    }

    /// A day fetched the morning after is kept unsettled; a sync that same day leaves it be, and
    /// one three days on fetches it again and keeps it settled.
    @Test func anUnsettledDayIsFetchedAgainOnceSettledAndNotBefore() async throws {
        let folder = TemporaryArchiveFolder()
        let archive = try Self.archive(folder)
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        let loader = StubLoader(body: try TestFiles.fixture("kobis/daily-20230818.json"))
        let client = BoxOfficeClient.testing(loader)
        let morningAfter = try await archive.sync(from: day, to: day, today: day.adding(days: 1), client: client, budget: 10, movies: false)
        #expect(morningAfter.daysStored == 1 && loader.requests.count == 1)
        #expect(try archive.days(from: day, to: day) == [day: false])
        let sameDay = try await archive.sync(from: day, to: day, today: day.adding(days: 1), client: client, budget: 10, movies: false)
        #expect(sameDay.daysStored == 0 && loader.requests.count == 1, "not settled yet: not fetched again")
        let settled = try await archive.sync(from: day, to: day, today: day.adding(days: 3), client: client, budget: 10, movies: false)
        #expect(settled.daysStored == 1 && loader.requests.count == 2)
        #expect(try archive.days(from: day, to: day) == [day: true])
        #expect(try archive.status().chartRows == 10, "replaced, not added")
        let done = try await archive.sync(from: day, to: day, today: day.adding(days: 30), client: client, budget: 10, movies: false)
        #expect(done.daysStored == 0 && loader.requests.count == 2)
    }

    @Test func aQueryReadsOnlyAndIsRefusedEverythingElse() throws {
        let folder = TemporaryArchiveFolder()
        try Self.archive(folder).store(try Self.chart(KSTDate(year: 2023, month: 8, day: 18)!), settled: true, fetchedAt: Date())
        let reader = try BoxOfficeArchive(path: folder.file, readOnly: true)
        let result = try reader.query(
            "SELECT movie_code, SUM(audience) AS audience FROM daily_chart GROUP BY movie_code ORDER BY 2 DESC", rowLimit: 3)
        #expect(result.columns == ["movie_code", "audience"] && result.rows.count == 3 && result.isTruncated)
        #expect(result.rows.first == [.text("20226411"), .integer(112_934)])
        for refused in [
            "DELETE FROM daily_chart", "ATTACH DATABASE '/tmp/x.sqlite3' AS x", "PRAGMA user_version = 9", "SELECT load_extension('x')",
            "SELECT 1; DELETE FROM daily_chart",
        ] {
            #expect(throws: BoxOfficeError.self, "\(refused)") { try reader.query(refused) }
        }
        #expect(try reader.status().chartRows == 10, "nothing was changed")
    }

    @Test func aQueryPastItsTimeIsStopped() throws {
        let folder = TemporaryArchiveFolder()
        _ = try Self.archive(folder)
        let reader = try BoxOfficeArchive(path: folder.file, readOnly: true)
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n"
        #expect(throws: BoxOfficeError.archive(.interrupted)) { try reader.query(endless, seconds: 0) }
    }

    @Test func aFileThatIsNotSQLiteOrIsNewerIsLeftAsItWas() throws {
        let folder = TemporaryArchiveFolder()
        let text = Data("not a database, but a note someone keeps\n".utf8)
        try text.write(to: URL(fileURLWithPath: folder.file))
        #expect(throws: BoxOfficeError.archive(.notAnArchive(path: folder.file))) { try BoxOfficeArchive(path: folder.file) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file)) == text)

        let newer = TemporaryArchiveFolder()
        _ = try Self.archive(newer)
        try SQLiteConnection(path: newer.file, readOnly: false).execute("PRAGMA user_version = 99")
        #expect(throws: BoxOfficeError.archive(.newerSchema(path: newer.file, version: 99))) { try BoxOfficeArchive(path: newer.file) }
    }
}

/// A folder for one archive file, removed with it.
final class TemporaryArchiveFolder: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-archive-\(UUID().uuidString)")
    var file: String { url.appendingPathComponent("archive.sqlite3").path }

    init() {
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
