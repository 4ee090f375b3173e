import BoxOfficeCore
import SignalPipe
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
/// `requestSent` event, whatever the transport), a file written, a secret read, a progress line,
/// `boxoffice mcp`'s first line.
/// A run with none of these (`--version`, help, a chart the cache answers) starts no thread for it.
package enum Signals {
    /// The signals that end a run, each with its exit code (128 + the signal's number).
    static let endingSignals: [(signal: Int32, name: String, status: ExitCode)] = [
        (SIGINT, "SIGINT (Ctrl-C)", .interrupted), (SIGTERM, "SIGTERM", .terminated), (SIGHUP, "SIGHUP", .hangUp),
    ]

    /// Set once the output has started to reach stdout, after which a signal can cut it short.
    package static let outputStarted = Atomic(false)

    /// `boxoffice mcp`'s requests answered, each a line written whole.
    package static let requestsAnswered = Atomic(0)
    /// `boxoffice mcp`'s tool calls received and not answered yet (running or waiting their turn).
    package static let callsUnanswered = Atomic(0)

    /// Arms the handlers of the signals that end a run; the first call installs them, later calls
    /// do nothing. A run arms them before it starts anything a signal could leave half done (a
    /// request, a file write, a hidden read, a progress line), so that a run with none of those
    /// (`--version`, help, a cached chart) starts no signal thread.
    ///
    /// Such a signal then removes the temporary files of atomic writes in progress (and refuses
    /// new ones), puts back the terminal, clears a progress line, says so in one line on stderr and
    /// exits with its code. The ledger already holds every call sent: each is counted before it goes.
    package static func arm() {
        _ = handlers
    }

    /// Installs the handlers, and a thread that does what they ask: a handler only writes the
    /// signal's number to a pipe (`SignalPipe`), and the work (files, terminal, the line on
    /// stderr) is done here, outside the handler, where any call is allowed. The handlers are in
    /// place before this returns, so nothing waits for them. Without a pipe, signals keep their
    /// default action, which ends the run at once as before.
    /// Read once as the handlers are armed: whether a progress line may need clearing.
    private static let stderrIsTerminal = Atomic(false)

    private static let handlers: Void = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A handler must never block, even if the reader were gone.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        stderrIsTerminal.store(Terminal.isTerminal(STDERR_FILENO), ordering: .releasing)
        let signals = endingSignals.map(\.signal)
        guard
            signal_pipe_listen(
                ends[0], signals, Int32(signals.count),
                { number in
                    if let ending = endingSignals.first(where: { $0.signal == number }) {
                        end(by: ending, stderrIsTerminal: stderrIsTerminal.load(ordering: .acquiring))
                    }
                }) == 0
        else { return }
        _ = signal_pipe_install(signals, Int32(signals.count), ends[1])
    }()

    /// Adds nothing more to stdout: removes the temporary files, puts back the terminal, says why
    /// in one line and exits with the signal's code.
    private static func end(by ending: (signal: Int32, name: String, status: ExitCode), stderrIsTerminal: Bool) -> Never {
        TemporaryFiles.shared.removeAll()
        Terminal.restoreTerminal()
        let clearLine = stderrIsTerminal ? "\r\u{1B}[K" : ""
        Terminal.write(clearLine + "Error: Stopped by \(ending.name); \(outcome).\n", to: STDERR_FILENO)
        _exit(ending.status.rawValue)
    }

    /// What stdout holds as the signal ends the run: a command's output, or what `boxoffice mcp`
    /// answered, where a line is an answer written whole and so not cut short.
    private static var outcome: String {
        let answered = requestsAnswered.load(ordering: .acquiring)
        let unanswered = callsUnanswered.load(ordering: .acquiring)
        guard answered > 0 || unanswered > 0 else {
            return outputStarted.load(ordering: .acquiring) ? "the output is incomplete" : "nothing was printed"
        }
        let written = answered == 0 ? "nothing was printed" : answered == 1 ? "1 request was answered" : "\(answered) requests were answered"
        let left = unanswered == 0 ? "" : unanswered == 1 ? " and 1 call was left unanswered" : " and \(unanswered) calls were left unanswered"
        return written + left
    }
}
