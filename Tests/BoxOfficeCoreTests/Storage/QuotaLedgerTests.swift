@testable import BoxOfficeCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ledger never waits on its files: what is not a regular file is refused at once, and a lock
/// another holder keeps is waited for a bounded while, told once, and given up on cancellation.
final class QuotaLedgerTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-ledger-tests-\(UUID().uuidString)")
    let day = KSTDate(year: 2023, month: 8, day: 18)!

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var file: URL { directory.appendingPathComponent("quota.json") }
    var ledger: QuotaLedger { QuotaLedger(file: file) }

    /// Holds the ledger's lock as another boxoffice would: its own open file, locked, its
    /// process named inside. Closing it lets go, once: a second close (from `deinit` after
    /// `release()`) would close whatever another test of this process had opened meanwhile
    /// under the same number, as `boxofficeTests`' `LedgerLock` learned.
    final class LockHolding {
        private var descriptor: Int32

        init(_ ledger: QuotaLedger) throws {
            descriptor = open(ledger.file.path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw POSIXError(.EBUSY) }
            _ = "\(getpid())\n".withCString { write(descriptor, $0, strlen($0)) }
        }

        func release() {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }

        deinit {
            release()
        }
    }

    static var ownName: String? {
        (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["quota.json", "quota.json.lock"])
    func aFIFOInPlaceOfEitherFileIsRefusedAtOnce(_ name: String) async throws {
        try #require(mkfifo(directory.appendingPathComponent(name).path, 0o600) == 0)
        let reason = Words("it is a FIFO, not a regular file", "일반 파일이 아니라 FIFO입니다")
        let path = directory.appendingPathComponent(name).path
        // Without the check, reading the FIFO waits for a writer that never comes.
        await #expect(throws: BoxOfficeError.quotaLedgerUnavailable(path: path, reason: reason)) {
            try await self.ledger.reserve(.kobis, on: self.day, limit: 3_000)
        }
        if name == "quota.json" {
            #expect(throws: BoxOfficeError.quotaLedgerUnavailable(path: path, reason: reason)) { try self.ledger.reading(on: self.day) }
            #expect(ledger.counts(on: day).isEmpty)
        }
    }

    @Test func aLockHeldPastTheWaitAllowedRefusesTheCallNamingItsHolder() async throws {
        let holding = try LockHolding(ledger)
        let holder = QuotaLedger.LockHolder(processIdentifier: getpid(), name: Self.ownName)
        await #expect(throws: BoxOfficeError.quotaLedgerLocked(path: file.path, holder: holder, seconds: 0.2)) {
            try await self.ledger.reserve(.kobis, on: self.day, limit: 3_000, waitingAtMost: 0.2)
        }
        holding.release()
        #expect(ledger.counts(on: day).isEmpty, "nothing counted")
    }

    /// Starts a reservation against the held lock and returns it once it has said it waits.
    func reservationWaiting(atMost seconds: Double) async -> (Task<QuotaLedger.Reservation, any Error>, QuotaLedger.LockHolder?) {
        let (told, teller) = AsyncStream<QuotaLedger.LockHolder?>.makeStream()
        let ledger = self.ledger
        let day = self.day
        let task = Task {
            // Should it end without a word, the wait below ends too (and finds no holder).
            defer { teller.finish() }
            return try await ledger.reserve(.kobis, on: day, limit: 3_000, waitingAtMost: seconds) { teller.yield($0) }
        }
        var iterator = told.makeAsyncIterator()
        return (task, await iterator.next() ?? nil)
    }

    @Test func aWaitForTheLockIsToldOnceAndEndsWhenTheLockIsLetGo() async throws {
        let holding = try LockHolding(ledger)
        let (reserving, holder) = await reservationWaiting(atMost: 600)
        #expect(holder == QuotaLedger.LockHolder(processIdentifier: getpid(), name: Self.ownName))
        holding.release()
        let reservation = try await reserving.value
        #expect(reservation.count == 1)
        #expect(ledger.counts(on: day)[.kobis] == 1)
        let lock = try String(contentsOf: directory.appendingPathComponent("quota.json.lock"), encoding: .utf8)
        #expect(lock.isEmpty, "the holder's name goes with its lock: \(lock)")
    }

    @Test func aTaskCancelledWhileItWaitsForTheLockCountsNothing() async throws {
        let holding = try LockHolding(ledger)
        let (reserving, _) = await reservationWaiting(atMost: 600)
        reserving.cancel()
        await #expect(throws: CancellationError.self) { try await reserving.value }
        holding.release()
        #expect(ledger.counts(on: day).isEmpty)
    }
}
