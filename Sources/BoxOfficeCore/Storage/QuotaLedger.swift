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
/// `boxoffice quota` can show what is left of the daily limits and a run can stop before
/// it goes past them.
///
/// Concurrent runs take an exclusive lock on a sibling `.lock` file around each update.
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
        guard let data = try? Data(contentsOf: file) else { return .counts([:]) }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
              APIService.allCases.allSatisfy({ (0...Self.largestCount).contains(stored.calls[$0] ?? 0) }) else { return .unreadable }
        guard stored.day == day.iso else { return .counts([:]) }
        return .counts(Dictionary(uniqueKeysWithValues: APIService.allCases.map { ($0, stored.calls[$0] ?? 0) }))
    }

    /// The day's counts; an unreadable file counts as none.
    public func counts(on day: KSTDate) -> [APIService: Int] {
        if case .counts(let counts) = reading(on: day) { return counts }
        return [:]
    }

    /// Adds a run's calls under the lock; an unreadable file starts afresh.
    public func add(_ calls: [APIService: Int], on day: KSTDate) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(file.path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileWriteError(path: file.path + ".lock", errno: errno) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        var counts: [APIService: Int] = [:]
        if case .counts(let stored) = reading(on: day) { counts = stored }
        for (service, added) in calls { counts[service] = min((counts[service] ?? 0) + added, Self.largestCount) }
        var stored = Stored(day: day.iso, calls: Calls())
        for (service, count) in counts { stored.calls[service] = count }
        try AtomicFile.write(try JSONEncoder().encode(stored), toPath: file.path, permissions: .exactly(0o600))
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
