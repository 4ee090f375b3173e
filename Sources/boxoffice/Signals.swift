import BoxOfficeCore
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of the signals that end a run (SIGINT, SIGTERM, SIGHUP): each ends it at once
/// with its exit code from `ExitCode`, one line on stderr, no temporary file left and the
/// terminal put back. The same on every platform.
///
/// Armed lazily, by the work a signal could leave half done: the client's first request (its
/// `requestSent` event, whatever the transport), a file written, a secret read, a progress line.
/// A run with none of these (`--version`, help, a chart the cache answers) starts no thread for it.
enum Signals {
    /// Whether a signal's handler is `handler` (SIG_IGN or SIG_DFL); C function pointers are
    /// compared by address.
    private static func handler(of signal: Int32, is handler: sighandler_t?) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        #if canImport(Glibc)
        let installed = current.__sigaction_handler.sa_handler
        #else
        let installed = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(installed, to: Int.self) == unsafeBitCast(handler, to: Int.self)
    }

    /// The signals that end a run, each with its exit code (128 + the signal's number).
    static let endingSignals: [(signal: Int32, name: String, status: ExitCode)] = [
        (SIGINT, "SIGINT (Ctrl-C)", .interrupted), (SIGTERM, "SIGTERM", .terminated), (SIGHUP, "SIGHUP", .hangUp),
    ]

    /// Set once the output has started to reach stdout, after which a signal can cut it short.
    static let outputStarted = Atomic(false)

    /// Arms the handlers of the signals that end a run; the first call installs them, later calls
    /// do nothing. A run arms them before it starts anything a signal could leave half done (a
    /// request, a file write, a hidden read, a progress line), so that a run with none of those
    /// (`--version`, help, a cached chart) starts no signal thread.
    ///
    /// Such a signal then adds the run's calls to the ledger, removes the temporary files of atomic
    /// writes in progress (and refuses new ones), puts back the terminal, clears a progress line,
    /// says so in one line on stderr and exits with its code.
    static func arm() {
        _ = handlers
    }

    /// The signal sources, held for the life of the process. (Not leaked with `as AnyObject`:
    /// that bridging asks the runtime about conformances, each question a scan of the binary.)
    private static let liveSources = Mutex<[any DispatchSourceSignal]>([])

    private static let handlers: Void = {
        let stderrIsTerminal = Terminal.isTerminal(STDERR_FILENO)
        for ending in endingSignals {
            // A signal the caller ignores (nohup's SIGHUP, a background job's SIGINT) stays ignored.
            if handler(of: ending.signal, is: SIG_IGN) { continue }
            #if !canImport(Glibc)
            // kqueue sees the signal only if its default action does not end the process first.
            signal(ending.signal, SIG_IGN)
            #endif
            liveSources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: ending.signal, queue: .global())
                source.setEventHandler {
                    TemporaryFiles.shared.removeAll()
                    Terminal.restoreTerminal()
                    let clearLine = stderrIsTerminal ? "\r\u{1B}[K" : ""
                    let outcome = outputStarted.load(ordering: .acquiring) ? "the output is incomplete" : "nothing was printed"
                    Terminal.write(clearLine + "Error: Stopped by \(ending.name); \(outcome).\n", to: STDERR_FILENO)
                    _exit(ending.status.rawValue)
                }
                source.resume()
                sources.append(source)
            }
        }
        #if canImport(Glibc)
        // libdispatch installs its handlers from its own thread, a moment after `resume`. Until
        // then a signal keeps its default action, which ends the run before anything needs
        // cleaning up; the work that does waits (at most a second) until all are in place. An
        // ignored signal stays ignored, never the default, so it does not hold the wait.
        var waited = 0
        while endingSignals.contains(where: { handler(of: $0.signal, is: SIG_DFL) }), waited < 20_000 {
            usleep(50)
            waited += 1
        }
        #endif
    }()
}
