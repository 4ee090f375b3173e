import Foundation

extension Process {
    /// Runs the process and returns the event of its end, which brings its exit status (or the
    /// number of the signal that ended it, as `terminationReason` tells). Foundation calls the
    /// handler once it has reaped the process, on a thread of its own, and the handler is set
    /// before the process starts, so no end goes unseen and no thread of the pool waits for it.
    func runObservingExit() throws -> Event<Int32> {
        let exit = Event<Int32>()
        terminationHandler = { process in exit.happen(process.terminationStatus) }
        try run()
        return exit
    }
}
