@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

final class CacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-cache-tests-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
    var cache: ResponseCache { ResponseCache(directory: directory) }
    /// 2023-11-14 22:13:20 UTC, a Wednesday morning in Seoul.
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func entriesExpire() throws {
        try cache.write(Data("a".utf8), named: "kobis/movie-1", expiresAt: now.addingTimeInterval(10))
        #expect(try cache.read(named: "kobis/movie-1", now: now) == Data("a".utf8))
        #expect(try cache.read(named: "kobis/movie-1", now: now.addingTimeInterval(11)) == nil)
        try cache.write(Data("b".utf8), named: "kobis/daily-20120101", expiresAt: nil)
        #expect(try cache.read(named: "kobis/daily-20120101", now: .distantFuture) == Data("b".utf8))
    }

    @Test func clearAndStatisticsNeitherFollowLinksNorOpenWhatIsNotAFile() throws {
        try cache.write(Data("a".utf8), named: "kobis/movie-1", expiresAt: nil)
        try cache.write(Data("b".utf8), named: "kobis/daily-20120101", expiresAt: nil)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        let other = ResponseCache(directory: outside)
        try other.write(Data("c".utf8), named: "kobis/movie-3", expiresAt: nil)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: cache.fileURL(for: "kobis/movie-4"), withDestinationURL: other.fileURL(for: "kobis/movie-3"))
        // Opening a pipe would wait for a writer for good; a bare `.json` has no name before it.
        #expect(mkfifo(cache.fileURL(for: "kobis/pipe").path, 0o600) == 0)
        try Data("garbage".utf8).write(to: directory.appendingPathComponent("kobis/.json"))
        #expect(cache.statistics(now: now).entries == 2)
        #expect(try cache.clear() == 2)
        #expect(other.statistics(now: now).entries == 1)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("kobis/.json").path))
    }

    @Test func aDamagedEntryIsReportedNotTrusted() throws {
        let file = cache.fileURL(for: "kobis/movie-2")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: file)
        #expect(throws: CacheError.self) { try cache.read(named: "kobis/movie-2", now: now) }
    }

    @Test func settledChartsAreCachedForGoodAndNotRefetched() async throws {
        let loader = StubLoader(body: try TestFiles.fixture("kobis/daily-20230818.json"))
        let client = BoxOfficeClient.testing(loader, cache: cache, now: now)
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        _ = try await client.dailyChart(on: day)
        _ = try await client.dailyChart(on: day)
        #expect(loader.requests.count == 1)
        #expect(cache.statistics(now: now).permanent == 1)
        let contents = try String(contentsOf: cache.fileURL(for: "kobis/daily-20230818"), encoding: .utf8)
        #expect(!contents.contains("TESTKEY123"))
    }

    @Test func errorsAndEmptyChartsAreNeverCached() async throws {
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        for fixture in ["errors/daily-empty-list.json", "errors/kobis-fault-320010.json", "errors/html-error-page.html"] {
            let loader = StubLoader(body: try TestFiles.fixture(fixture))
            let client = BoxOfficeClient.testing(loader, cache: cache, now: now)
            _ = try? await client.dailyChart(on: day)
            _ = try? await client.dailyChart(on: day)
            #expect(loader.requests.count == 2, "\(fixture)")
        }
        #expect(cache.statistics(now: now).entries == 0)
    }

    @Test func aCorruptEntryIsRefetchedAndReplaced() async throws {
        let file = cache.fileURL(for: "kobis/daily-20230818")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("boxoffice-cache 1 expires=never\n{\"trunc".utf8).write(to: file)
        let loader = StubLoader(body: try TestFiles.fixture("kobis/daily-20230818.json"))
        let chart = try await BoxOfficeClient.testing(loader, cache: cache, now: now).dailyChart(on: KSTDate(year: 2023, month: 8, day: 18)!)
        #expect(chart.entries.count == 10)
        #expect(loader.requests.count == 1)
        #expect(try cache.read(named: "kobis/daily-20230818", now: now)?.count == (try TestFiles.fixture("kobis/daily-20230818.json")).count)
    }

    @Test func recentChartsExpireWithinTheHour() async throws {
        let today = KSTDate.today(at: now)
        let body = try String(contentsOf: TestFiles.fixtures.appendingPathComponent("kobis/daily-20230818.json"), encoding: .utf8)
            .replacingOccurrences(of: "20230818~20230818", with: "\(today.adding(days: -1).compact)~\(today.adding(days: -1).compact)")
        let loader = StubLoader(body: Data(body.utf8))
        _ = try await BoxOfficeClient.testing(loader, cache: cache, now: now).dailyChart(on: today.adding(days: -1))
        #expect(cache.statistics(now: now).permanent == 0)
        #expect(cache.statistics(now: now.addingTimeInterval(3_601)).expired == 1)
    }

    @Test func quotaLedgerCountsPerDay() async throws {
        let ledger = QuotaLedger(file: directory.appendingPathComponent("quota.json"))
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        try await ledger.add([.kobis: 1], on: day)
        try await ledger.add([.kobis: 1, .kakao: 1], on: day)
        #expect(ledger.counts(on: day) == [.kobis: 2, .kakao: 1])
        #expect(ledger.counts(on: day.adding(days: 1)).isEmpty)
    }

    @Test func aTornOrImpossibleLedgerIsUnreadableAndNeverTraps() async throws {
        let file = directory.appendingPathComponent("quota.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ledger = QuotaLedger(file: file)
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        for text in [#"{"day":"2023-08-18","calls":{"kob"#, #"{"day":"2023-08-18","calls":{"kobis":9223372036854775807}}"#] {
            try Data(text.utf8).write(to: file)
            #expect(try ledger.reading(on: day) == .unreadable)
            let reservation = try await ledger.reserve(.kobis, on: day, limit: 3_000)
            #expect(reservation.count == 1 && reservation.ledgerWasUnreadable)
            #expect(ledger.counts(on: day) == [.kobis: 1, .kakao: 0])
        }
    }

    @Test func callsAreCountedBeforeTheyAreSentAndCanBeGivenBack() async throws {
        let ledger = QuotaLedger(file: directory.appendingPathComponent("quota.json"))
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        let first = try await ledger.reserve(.kobis, on: day, limit: 3)
        _ = try await ledger.reserve(.kobis, on: day, limit: 3)
        #expect(ledger.counts(on: day)[.kobis] == 2, "each call is in the file before it is sent")
        await ledger.release(first)
        #expect(ledger.counts(on: day)[.kobis] == 1)
        _ = try await ledger.reserve(.kobis, on: day, limit: 3)
        _ = try await ledger.reserve(.kobis, on: day, limit: 3)
        await #expect(throws: BoxOfficeError.dailyLimitReached(.kobis, limit: 3)) { try await ledger.reserve(.kobis, on: day, limit: 3) }
        #expect(try await ledger.reserve(.kobis, on: day, limit: nil).count == 4, "without a limit the call is still counted")
        #expect(ledger.counts(on: day)[.kakao] == 0)
    }

    @Test func concurrentReservationsNeverPassTheLimit() async throws {
        let ledger = QuotaLedger(file: directory.appendingPathComponent("quota.json"))
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        try await ledger.add([.kobis: 2_990], on: day)
        let granted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 { group.addTask { (try? await ledger.reserve(.kobis, on: day, limit: 3_000)) != nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 10)
        #expect(ledger.counts(on: day)[.kobis] == 3_000)
    }

    @Test func aLedgerThatCannotBeWrittenRefusesTheCall() async throws {
        let file = directory.appendingPathComponent("quota.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let ledger = QuotaLedger(file: file)
        let day = KSTDate(year: 2023, month: 8, day: 18)!
        await #expect(throws: BoxOfficeError.self) { try await ledger.reserve(.kobis, on: day, limit: 3_000) }
        await #expect(throws: BoxOfficeError.self) { try await ledger.reserve(.kobis, on: day, limit: nil) }
    }
}
