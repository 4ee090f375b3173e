import BoxOfficeCore
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

/// The one sync of an archive at a time: a lock file beside it (`archive.sqlite3.sync`), held
/// with `flock` for the whole sync and signed with the holder's process id. A second sync waits
/// for the first, without holding a thread, rather than fetching the same days again.
final class SyncLock {
    private let descriptor: Int32

    /// Takes the lock, waiting as long as another process holds it; `onWait` is told once, with
    /// the holder's process id when the file names one.
    init(archivePath: String, onWait: (Int32?) -> Void) async throws {
        let path = archivePath + ".sync"
        let opened = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard opened >= 0 else { throw BoxOfficeError.archive(.readOnly(path: path)) }
        var told = false
        var pause = Duration.milliseconds(20)
        while flock(opened, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(opened)
                throw BoxOfficeError.archive(.failed(path: path, reason: String(cString: strerror(code))))
            }
            if !told {
                told = true
                onWait(Self.holder(of: opened))
            }
            do {
                try await Task.sleep(for: pause)
            } catch {
                close(opened)
                throw error
            }
            pause = min(pause * 2, .milliseconds(500))
        }
        descriptor = opened
        let signature = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = signature.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(of descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmed)
    }
}
