import BoxOfficeCore
import Dispatch
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

/// The process's standard streams, seen as the terminal-aware edge of the program.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width of the terminal on standard output, when it is one.
    static func width(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes all of `text`; tells whether the reader has gone (a closed pipe).
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> WriteOutcome {
        write(Data(utf8: text), to: descriptor)
    }

    /// Writes all of `data`; tells whether the reader has gone (a closed pipe).
    @discardableResult
    static func write(_ data: Data, to descriptor: Int32) -> WriteOutcome {
        var bytes = data[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE ? .readerGone : .failed(String(cString: strerror(errno)))
            }
            bytes = bytes.dropFirst(written)
        }
        return .written
    }

    /// Reads one line from a terminal without echoing it (a pasted key), up to `limit` bytes.
    /// The terminal's settings come back afterwards, and also if a signal ends the run meanwhile.
    static func readHiddenLine(from descriptor: Int32, atMost limit: Int) -> Data {
        armSignalHandlers()
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return read(from: descriptor, atMost: limit) }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(descriptor, TCSAFLUSH, &hidden)
        savedTerminal.withLock { $0 = (descriptor, original) }
        defer {
            tcsetattr(descriptor, TCSAFLUSH, &original)
            savedTerminal.withLock { $0 = nil }
        }
        var line = Data()
        var byte: UInt8 = 0
        while line.count < limit {
            let count = systemRead(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count > 0, byte != UInt8(ascii: "\n") else { break }
            line.append(byte)
        }
        return line
    }

    /// The settings to put back if a signal ends the run while a secret is being read.
    private static let savedTerminal = Mutex<(descriptor: Int32, settings: termios)?>(nil)

    /// Puts back terminal settings changed for a hidden read.
    static func restoreTerminal() {
        guard var saved = savedTerminal.withLock({ $0 }) else { return }
        tcsetattr(saved.descriptor, TCSAFLUSH, &saved.settings)
    }

    /// Reads until end of file or `limit` bytes, whichever comes first.
    static func read(from descriptor: Int32, atMost limit: Int) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, min($0.count, limit - data.count)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// How a write ended.
    enum WriteOutcome: Equatable {
        case written
        /// The reader closed the pipe (`| head`): not an error.
        case readerGone
        /// The output could not be written, for example a full disk.
        case failed(String)
    }

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
    static let endingSignals: [(signal: Int32, name: String, status: Int32)] = [
        (SIGINT, "SIGINT (Ctrl-C)", 130), (SIGTERM, "SIGTERM", 143), (SIGHUP, "SIGHUP", 129),
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
    static func armSignalHandlers() {
        _ = signalHandlers
    }

    /// The signal sources, held for the life of the process. (Not leaked with `as AnyObject`:
    /// that bridging asks the runtime about conformances, each question a scan of the binary.)
    private static let liveSources = Mutex<[any DispatchSourceSignal]>([])

    private static let signalHandlers: Void = {
        let stderrIsTerminal = isTerminal(STDERR_FILENO)
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
                    restoreTerminal()
                    let clearLine = stderrIsTerminal ? "\r\u{1B}[K" : ""
                    let outcome = outputStarted.load(ordering: .acquiring) ? "the output is incomplete" : "nothing was printed"
                    write(clearLine + "Error: Stopped by \(ending.name); \(outcome).\n", to: STDERR_FILENO)
                    _exit(ending.status)
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

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
    #else
    Darwin.read(descriptor, bytes, count)
    #endif
}
