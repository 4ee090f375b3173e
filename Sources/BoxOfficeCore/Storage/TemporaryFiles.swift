#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files this process has open for atomic writes, so that a signal that ends the
/// run can remove them instead of leaving them beside the user's files.
package final class TemporaryFiles: Sendable {
    /// The process's one registry.
    package static let shared = TemporaryFiles()

    private let state = Mutex(State())

    private struct State {
        var paths: Set<String> = []
        /// Set once the run is ending: no new file may appear after the last clean-up.
        var closed = false
    }

    init() {}

    /// Creates `path` (exclusively, with `mode`) and registers it, as one step under the lock,
    /// so that a clean-up either sees the file or has already refused it. Returns the open
    /// descriptor, or the `errno` of the failure (`ECANCELED` once the run is ending).
    func create(_ path: String, mode: mode_t) -> Result<Int32, Errno> {
        state.withLock { state in
            guard !state.closed else { return .failure(Errno(ECANCELED)) }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            guard descriptor >= 0 else { return .failure(Errno(errno)) }
            state.paths.insert(path)
            return .success(descriptor)
        }
    }

    /// Forgets a file that was renamed into place or removed.
    func remove(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// The files not yet renamed into place.
    package var pending: Set<String> {
        state.withLock { $0.paths }
    }

    /// For a run that is ending early: unlinks every file not yet renamed into place, and refuses
    /// any later one, since other threads may still be writing.
    package func removeAll() {
        state.withLock { state in
            state.closed = true
            for path in state.paths { unlink(path) }
            state.paths.removeAll()
        }
    }
}

/// A system error number, as a failure value.
struct Errno: Error, Equatable {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }
}
