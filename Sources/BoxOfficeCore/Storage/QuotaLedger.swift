#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts real network calls per API and per Seoul day in a small JSON file, so that
/// `boxoffice quota` can show what is left of the daily limits and no run goes past them.
///
/// Each call is reserved before it is sent: under an exclusive lock on a sibling `.lock` file,
/// the count is read, checked against the limit, raised and written back. However many runs
/// share the file, together they never send more than the limit allows, and a run killed at any
/// point leaves every call it sent counted. A call that got no answer is given back.
public struct QuotaLedger: Sendable {
    /// The counter file, for example `~/.cache/boxoffice/quota.json`.
    public let file: URL

    /// Past this share of a limit, a warning is due.
    public static let warningShare = 0.9
    /// No day holds more calls than this; a larger number is a damaged file, not a count.
    static let largestCount = 100_000_000

    /// Creates a ledger over a file (made on first use).
    public init(file: URL) {
        self.file = file
    }

    /// What the file says of a day.
    public enum Reading: Sendable, Equatable {
        /// The day's counts; another day's file, or none, counts as zero.
        case counts([APIService: Int])
        /// The file is torn or holds numbers no day can have.
        case unreadable
    }

    /// The day's counts, or `.unreadable`.
    public func reading(on day: KSTDate) -> Reading {
        (try? read(on: day)) ?? .counts([:])
    }

    /// The day's counts; an unreadable file counts as none.
    public func counts(on day: KSTDate) -> [APIService: Int] {
        if case .counts(let counts) = reading(on: day) { return counts }
        return [:]
    }

    /// A call counted before it is sent.
    public struct Reservation: Sendable, Equatable {
        /// The service called.
        public let service: APIService
        /// The Seoul day it counts against.
        public let day: KSTDate
        /// The day's count with this call.
        public let count: Int
        /// Whether the file was torn, so that counting started again from this call.
        public let ledgerWasUnreadable: Bool
    }

    /// Counts one call to `service` unless the day's count has reached `limit` (nil: no limit).
    /// Throws `BoxOfficeError.dailyLimitReached` at the limit, and
    /// `BoxOfficeError.quotaLedgerUnavailable` when the file cannot be read or written, since a
    /// call that cannot be counted could go past the limit.
    public func reserve(_ service: APIService, on day: KSTDate, limit: Int?) throws -> Reservation {
        try update(on: day) { counts, wasUnreadable in
            let used = counts[service] ?? 0
            if let limit, used >= limit { throw BoxOfficeError.dailyLimitReached(service, limit: limit) }
            counts[service] = min(used + 1, Self.largestCount)
            return Reservation(service: service, day: day, count: used + 1, ledgerWasUnreadable: wasUnreadable)
        }
    }

    /// Gives back a reserved call that got no answer. Should the file not be written, the call
    /// stays counted, which errs on the side of the limit.
    public func release(_ reservation: Reservation) {
        try? update(on: reservation.day) { counts, _ in
            counts[reservation.service] = max((counts[reservation.service] ?? 0) - 1, 0)
        }
    }

    /// Adds calls under the lock; an unreadable file starts afresh.
    public func add(_ calls: [APIService: Int], on day: KSTDate) throws {
        try update(on: day) { counts, _ in
            for (service, added) in calls { counts[service] = min((counts[service] ?? 0) + added, Self.largestCount) }
        }
    }

    /// Reads the day's counts, lets `change` alter them and writes them back, all under the lock.
    private func update<Result>(on day: KSTDate, _ change: (inout [APIService: Int], Bool) throws -> Result) throws -> Result {
        let path = file.path
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw BoxOfficeError.quotaLedgerUnavailable(path: path, reason: "its folder cannot be made")
        }
        let descriptor = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.unavailable(path, errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        var counts: [APIService: Int] = [:]
        var wasUnreadable = false
        switch try read(on: day) {
        case .counts(let stored): counts = stored
        case .unreadable: wasUnreadable = true
        }
        let result = try change(&counts, wasUnreadable)
        var stored = Stored(day: day.iso, calls: Calls())
        for (service, count) in counts { stored.calls[service] = count }
        do {
            try AtomicFile.write(try JSONEncoder().encode(stored), toPath: path, permissions: .exactly(0o600))
        } catch let error as FileWriteError {
            throw BoxOfficeError.quotaLedgerUnavailable(path: path, reason: error.reason)
        }
        return result
    }

    /// The day's counts from the file; a missing file counts none, and one that cannot be read
    /// (a folder in its place, no permission) throws.
    private func read(on day: KSTDate) throws -> Reading {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return .counts([:]) }
            throw Self.unavailable(file.path, errno)
        }
        close(descriptor)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw BoxOfficeError.quotaLedgerUnavailable(path: file.path, reason: "it cannot be read")
        }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
            APIService.allCases.allSatisfy({ (0...Self.largestCount).contains(stored.calls[$0] ?? 0) })
        else { return .unreadable }
        guard stored.day == day.iso else { return .counts([:]) }
        return .counts(Dictionary(uniqueKeysWithValues: APIService.allCases.map { ($0, stored.calls[$0] ?? 0) }))
    }

    private static func unavailable(_ path: String, _ code: Int32) -> BoxOfficeError {
        .quotaLedgerUnavailable(path: path, reason: String(cString: strerror(code)))
    }

    private struct Stored: Codable {
        let day: String
        var calls: Calls
    }

    /// `{"kobis": 12, "kakao": 3}`: each service's count under its raw value. Fields, not a
    /// `[String: Int]`: decoding a dictionary asks the runtime about conformances, each first
    /// question a scan of the binary, on the path of every request.
    private struct Calls: Codable {
        var kobis: Int?
        var kakao: Int?

        subscript(service: APIService) -> Int? {
            get {
                switch service {
                case .kobis: kobis
                case .kakao: kakao
                }
            }
            set {
                switch service {
                case .kobis: kobis = newValue
                case .kakao: kakao = newValue
                }
            }
        }
    }
}
