import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts real network calls per API and per Seoul day in a small JSON file, so that
/// `boxoffice quota` can show what is left of the daily limits.
///
/// Concurrent runs take an exclusive lock on a sibling `.lock` file around each update.
public struct QuotaLedger: Sendable {
    /// The counter file, for example `~/.cache/boxoffice/quota.json`.
    public let file: URL

    /// Past this share of a limit, a warning is due.
    public static let warningShare = 0.9

    /// Creates a ledger over a file (made on first use).
    public init(file: URL) {
        self.file = file
    }

    /// Today's counts; another day's file counts as zero.
    public func counts(on day: KSTDate) -> [APIService: Int] {
        guard let data = try? Data(contentsOf: file), let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.day == day.iso else { return [:] }
        return Dictionary(uniqueKeysWithValues: APIService.allCases.map { ($0, stored.calls[$0.rawValue] ?? 0) })
    }

    /// Adds one call and returns the day's new count for that service.
    @discardableResult
    public func recordCall(to service: APIService, on day: KSTDate) throws -> Int {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lockPath = file.path + ".lock"
        let descriptor = open(lockPath, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        var calls = counts(on: day).reduce(into: [String: Int]()) { $0[$1.key.rawValue] = $1.value }
        let count = (calls[service.rawValue] ?? 0) + 1
        calls[service.rawValue] = count
        let data = try JSONEncoder().encode(Stored(day: day.iso, calls: calls))
        try data.write(to: file, options: .atomic)
        return count
    }

    private struct Stored: Codable {
        let day: String
        let calls: [String: Int]
    }
}
