import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files this process has open for atomic writes, so that a signal that ends the
/// run can remove them instead of leaving them beside the user's files.
public final class TemporaryFiles: Sendable {
    /// The process's one registry.
    public static let shared = TemporaryFiles()

    private let paths = Mutex<Set<String>>([])

    func add(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    func remove(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    /// The files not yet renamed into place.
    public var pending: Set<String> {
        paths.withLock { $0 }
    }

    /// Unlinks every file not yet renamed into place; for a run that is ending early.
    public func removeAll() {
        let pending = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in pending { unlink(path) }
    }
}
