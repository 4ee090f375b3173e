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
package enum Terminal {
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
    package static func write(_ text: String, to descriptor: Int32) -> WriteOutcome {
        write(Data(utf8: text), to: descriptor)
    }

    /// Writes all of `data`; tells whether the reader has gone (a closed pipe).
    @discardableResult
    package static func write(_ data: Data, to descriptor: Int32) -> WriteOutcome {
        data.withUnsafeBytes { write($0, to: descriptor) }
    }

    /// Writes all of `bytes`; tells whether the reader has gone (a closed pipe).
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> WriteOutcome {
        guard let failure = FileDescriptor.writeAll(bytes, to: descriptor) else { return .written }
        return failure == EPIPE ? .readerGone : .failed(String(cString: strerror(failure)))
    }

    /// Reads one line from a terminal without echoing it (a pasted key), up to `limit` bytes.
    /// The terminal's settings come back afterwards, and also if a signal ends the run meanwhile.
    /// `prompt` runs once echo is off: turning it off discards what was typed before, so a key
    /// pasted as soon as the prompt shows is neither echoed nor lost.
    static func readHiddenLine(from descriptor: Int32, atMost limit: Int, prompt: () -> Void) -> Data {
        Signals.arm()
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else {
            prompt()
            return read(from: descriptor, atMost: limit)
        }
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(descriptor, TCSAFLUSH, &hidden)
        savedTerminal.withLock { $0 = (descriptor, original) }
        defer {
            tcsetattr(descriptor, TCSAFLUSH, &original)
            savedTerminal.withLock { $0 = nil }
        }
        prompt()
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
    package enum WriteOutcome: Equatable {
        case written
        /// The reader closed the pipe (`| head`): not an error.
        case readerGone
        /// The output could not be written, for example a full disk.
        case failed(String)
    }
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
    #else
    Darwin.read(descriptor, bytes, count)
    #endif
}
