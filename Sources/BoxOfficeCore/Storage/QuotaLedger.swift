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

/// Counts real network calls per API and per Seoul day in a small JSON file, so that an app or
/// a tool can show what is left of the daily limits and no client goes past them.
///
/// Each call is reserved before it is sent: under an exclusive lock on a sibling `.lock` file,
/// the count is read, checked against the limit, raised and written back. However many runs
/// share the file, together they never send more than the limit allows, and a run killed at any
/// point leaves every call it sent counted. Only a call whose request provably never left the
/// machine is given back (see `BoxOfficeClient`): one that timed out or was cancelled may have
/// reached the service, which then counts it too.
///
/// Neither file is waited on: a FIFO, device or socket in the place of either is refused, since
/// opening or reading it could block forever, and the lock is tried without blocking, a while at
/// most, between pauses in which the task sleeps and no thread waits.
public struct QuotaLedger: Sendable {
    /// The counter file.
    public let file: URL

    /// Past this share of a limit, a warning is due.
    public static let warningShare = 0.9
    /// No day holds more calls than this; a larger number is a damaged file, not a count.
    static let largestCount = 100_000_000
    /// Past this size the file is no ledger of ours: a day's counts take some 40 bytes.
    static let largestFile = 64 * 1024
    /// A run holds the lock for the milliseconds of one read and write: a wait shorter than this
    /// is runs taking turns, and a longer one is worth telling (`onWait`).
    static let quietWait: Duration = .seconds(1)
    /// The pauses between tries for the lock: short at first, since a turn is short, and
    /// doubling up to the longest.
    static let firstPause: Duration = .milliseconds(2)
    static let longestPause: Duration = .milliseconds(100)

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

    /// The day's counts, or `.unreadable`. Throws `BoxOfficeError.quotaLedgerUnavailable` when
    /// the file cannot be read: not a regular file (a folder, a FIFO), or no permission.
    public func reading(on day: KSTDate) throws -> Reading {
        let path = file.path
        let descriptor: Int32
        switch Self.openRegularFile(path, flags: O_RDONLY) {
        case .success(let opened): descriptor = opened
        case .failure(.missing): return .counts([:])
        case .failure(let failure): throw failure.error(path)
        }
        defer { close(descriptor) }
        guard let data = Self.contents(of: descriptor) else {
            throw BoxOfficeError.quotaLedgerUnavailable(path: path, reason: Words("it cannot be read", "읽을 수 없습니다"))
        }
        guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
            APIService.allCases.allSatisfy({ (0...Self.largestCount).contains(stored.calls[$0] ?? 0) })
        else { return .unreadable }
        guard stored.day == day.iso else { return .counts([:]) }
        return .counts(Dictionary(uniqueKeysWithValues: APIService.allCases.map { ($0, stored.calls[$0] ?? 0) }))
    }

    /// The day's counts; a file that is unreadable or cannot be read counts as none (the
    /// reservation of the next call then says why).
    public func counts(on day: KSTDate) -> [APIService: Int] {
        if case .counts(let counts)? = try? reading(on: day) { return counts }
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

    /// The process that holds the ledger's lock, as it wrote itself into the lock file.
    public struct LockHolder: Sendable, Equatable, CustomStringConvertible {
        /// Its process identifier.
        public let processIdentifier: Int32
        /// Its program's name, where the system tells it (Linux's `/proc/<pid>/comm`).
        public let name: String?

        /// Creates a holder.
        public init(processIdentifier: Int32, name: String?) {
            self.processIdentifier = processIdentifier
            self.name = name
        }

        /// `process 1234 (MyTool)`: the process and, where the system tells it, its name.
        public var description: String {
            "process \(processIdentifier)" + (name.map { " (\($0))" } ?? "")
        }
    }

    /// Counts one call to `service` unless the day's count has reached `limit` (nil: no limit).
    /// Throws `BoxOfficeError.dailyLimitReached` at the limit, and
    /// `BoxOfficeError.quotaLedgerUnavailable` when the file cannot be read or written, since a
    /// call that cannot be counted could go past the limit. A lock another process holds is
    /// waited for `seconds` at most (`BoxOfficeError.quotaLedgerLocked` past them); past
    /// `QuotaLedger.quietWait` of it, `onWait` is told who holds it, once. A cancelled task
    /// stops waiting with `CancellationError`, and nothing is counted.
    public func reserve(
        _ service: APIService, on day: KSTDate, limit: Int?, waitingAtMost seconds: Double = ClientConfiguration.defaultTimeout,
        onWait: (LockHolder?) -> Void = { _ in }
    ) async throws -> Reservation {
        try await update(on: day, waitingAtMost: seconds, onWait: onWait) { counts, wasUnreadable in
            let used = counts[service] ?? 0
            if let limit, used >= limit { throw BoxOfficeError.dailyLimitReached(service, limit: limit) }
            counts[service] = min(used + 1, Self.largestCount)
            return Reservation(service: service, day: day, count: used + 1, ledgerWasUnreadable: wasUnreadable)
        }
    }

    /// Gives back a reserved call whose request never left. Should the file not be written in
    /// time (or the task be cancelled while it waits for the lock), the call stays counted,
    /// which errs on the side of the limit.
    public func release(_ reservation: Reservation, waitingAtMost seconds: Double = ClientConfiguration.defaultTimeout) async {
        try? await update(on: reservation.day, waitingAtMost: seconds, onWait: { _ in }) { counts, _ in
            counts[reservation.service] = max((counts[reservation.service] ?? 0) - 1, 0)
        }
    }

    /// Adds calls under the lock; an unreadable file starts afresh.
    public func add(_ calls: [APIService: Int], on day: KSTDate, waitingAtMost seconds: Double = ClientConfiguration.defaultTimeout) async throws {
        try await update(on: day, waitingAtMost: seconds, onWait: { _ in }) { counts, _ in
            for (service, added) in calls { counts[service] = min((counts[service] ?? 0) + added, Self.largestCount) }
        }
    }

    /// Reads the day's counts, lets `change` alter them and writes them back, all under the lock.
    private func update<Result>(
        on day: KSTDate, waitingAtMost seconds: Double, onWait: (LockHolder?) -> Void,
        _ change: (inout [APIService: Int], Bool) throws -> Result
    ) async throws -> Result {
        let path = file.path
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw BoxOfficeError.quotaLedgerUnavailable(path: path, reason: Words("its folder cannot be made", "폴더를 만들 수 없습니다"))
        }
        // This process's tasks take turns first; the file lock is then contended by other processes alone.
        try await LedgerTurns.shared.take(path)
        defer { LedgerTurns.shared.give(path) }
        let lock: Int32
        switch Self.openRegularFile(path + ".lock", flags: O_CREAT | O_RDWR) {
        case .success(let opened): lock = opened
        case .failure(let failure): throw failure.error(path + ".lock")
        }
        defer { close(lock) }
        try await Self.acquire(lock, of: path, waitingAtMost: seconds, onWait: onWait)
        // Signed for whoever waits meanwhile, and wiped before the lock goes, so that a name in
        // the file is always that of the holder.
        Self.sign(lock, with: "\(getpid())\n")
        defer {
            Self.sign(lock, with: "")
            flock(lock, LOCK_UN)
        }
        var counts: [APIService: Int] = [:]
        var wasUnreadable = false
        switch try reading(on: day) {
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

    /// Takes the lock without ever blocking a thread: tries, and sleeps between tries, for
    /// `seconds` at most.
    private static func acquire(_ lock: Int32, of path: String, waitingAtMost seconds: Double, onWait: (LockHolder?) -> Void) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let patience = Duration.seconds(max(seconds, 0))
        var pause = firstPause
        var told = false
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw unavailable(path, code) }
            let waited = clock.now - start
            guard waited < patience else { throw BoxOfficeError.quotaLedgerLocked(path: path, holder: holder(of: lock), seconds: seconds) }
            if !told, waited >= quietWait {
                told = true
                onWait(holder(of: lock))
            }
            try await Task.sleep(for: min(pause, patience - waited))
            pause = min(pause * 2, longestPause)
        }
    }

    /// Puts `text` in the lock file in place of what it held.
    private static func sign(_ lock: Int32, with text: String) {
        guard ftruncate(lock, 0) == 0, lseek(lock, 0, SEEK_SET) == 0 else { return }
        _ = FileDescriptor.writeAll(Data(text.utf8), to: lock)
    }

    /// The process the lock file names, if it is still running.
    private static func holder(of lock: Int32) -> LockHolder? {
        guard let data = contents(of: lock, from: 0),
            let identifier = Int32(String(decoding: data, as: UTF8.self).trimmed), identifier > 0,
            kill(identifier, 0) == 0 || errno == EPERM
        else { return nil }
        return LockHolder(processIdentifier: identifier, name: programName(of: identifier))
    }

    /// What Linux calls a process (at most 15 bytes of its program's name); nil elsewhere.
    private static func programName(of identifier: Int32) -> String? {
        guard case .success(let descriptor) = openRegularFile("/proc/\(identifier)/comm", flags: O_RDONLY) else { return nil }
        defer { close(descriptor) }
        let name = contents(of: descriptor).map { String(decoding: $0, as: UTF8.self).trimmed } ?? ""
        return name.isEmpty ? nil : name
    }

    /// Why a file could not be opened as a regular file.
    private enum OpenFailure: Error {
        case missing
        case notRegular(Words)
        case system(Int32)

        func error(_ path: String) -> BoxOfficeError {
            switch self {
            case .missing: unavailable(path, ENOENT)
            case .notRegular(let kind):
                .quotaLedgerUnavailable(
                    path: path, reason: Words("it is \(kind.english), not a regular file", "일반 파일이 아니라 \(kind.korean)입니다"))
            case .system(let code): unavailable(path, code)
            }
        }
    }

    /// Opens `path` without waiting on it (opening a FIFO for reading waits for a writer) and
    /// keeps it only if it is a regular file, which no read or lock can hold up.
    private static func openRegularFile(_ path: String, flags: Int32) -> Result<Int32, OpenFailure> {
        let descriptor = open(path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .system(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(FileDescriptor.kind(kind)))
        }
        return .success(descriptor)
    }

    /// All of a small regular file from `offset` (the current position when nil); nil if it
    /// cannot be read or is larger than any ledger.
    private static func contents(of descriptor: Int32, from offset: Int? = nil) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count <= largestFile {
            let count = buffer.withUnsafeMutableBytes { bytes in
                offset.map { pread(descriptor, bytes.baseAddress, bytes.count, off_t($0 + data.count)) }
                    ?? read(descriptor, bytes.baseAddress, bytes.count)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
        return nil
    }

    private static func unavailable(_ path: String, _ code: Int32) -> BoxOfficeError {
        .quotaLedgerUnavailable(path: path, reason: Words.system(code))
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
