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
    func create(_ path: String, mode: mode_t, readable: Bool = false) -> Result<Int32, Errno> {
        state.withLock { state in
            guard !state.closed else { return .failure(Errno(ECANCELED)) }
            let descriptor = open(path, (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            guard descriptor >= 0 else { return .failure(Errno(errno)) }
            state.paths.insert(path)
            return .success(descriptor)
        }
    }

    /// Forgets a file that was renamed into place or removed.
    func remove(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// An open file with no name in `folder`, readable and writable, for output that waits there
    /// until it may be printed: created (mode 0600) and at once unlinked, so that it is gone however
    /// the run ends, and registered until then, so that a signal in between removes it too.
    package func scratchFile(in folder: String) throws(FileWriteError) -> Int32 {
        let path = folder + (folder.hasSuffix("/") ? "" : "/") + AtomicFile.temporaryName(for: "boxoffice-output")
        switch create(path, mode: 0o600, readable: true) {
        case .success(let descriptor):
            unlink(path)
            remove(path)
            return descriptor
        case .failure(let error):
            throw FileWriteError(path: path, errno: error.code)
        }
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
