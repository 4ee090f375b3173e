import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension Process {
    /// Runs the process and returns the event of its end, which brings its exit status (or the
    /// number of the signal that ended it, as `terminationReason` tells). Foundation calls the
    /// handler once it has reaped the process, on a thread of its own, and the handler is set
    /// before the process starts, so no end goes unseen and no thread of the pool waits for it.
    func runObservingExit() throws -> Event<Int32> {
        let exit = Event<Int32>()
        terminationHandler = { process in exit.happen(process.terminationStatus) }
        try runCounted()
        return exit
    }

    /// Runs the process, noting the test that started it for `ProcessCensus`.
    func runCounted() throws {
        ProcessCensus.note()
        try run()
    }
}

/// Which tests start a process, for the share `.ci/run` prints: with BOXOFFICE_PROCESS_CENSUS
/// naming a file, each start appends its test's name to it, a line each.
enum ProcessCensus {
    static let file = ProcessInfo.processInfo.environment["BOXOFFICE_PROCESS_CENSUS"]

    static func note() {
        guard let file, let test = Test.current else { return }
        let line = Data((test.id.description + "\n").utf8)
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
