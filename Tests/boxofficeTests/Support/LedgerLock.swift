import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The quota ledger's lock, held by the test as another `boxoffice` would hold it: locked, with
/// this process named inside, until released (or dropped). Its descriptor is closed once only:
/// runs in this process open files meanwhile, and a second close could take one of theirs.
final class LedgerLock {
    let path: String
    private var descriptor: Int32

    init(_ state: BinaryRunner) throws {
        let cache = state.home.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        path = cache.appendingPathComponent("quota.json.lock").path
        // Close-on-exec, so that no binary another test starts meanwhile keeps it locked.
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0, "the ledger's lock could not be taken")
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

    /// How the binary names this process: its id and, on Linux, its program's name.
    static var holderName: String {
        let name = (try? String(contentsOfFile: "/proc/self/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return "process \(getpid())" + (name.map { " (\($0))" } ?? "")
    }
}
