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
import BoxOfficeCore

/// Everything the program takes from its surroundings, gathered at the edge so the rest can be tested.
struct ProcessContext: Sendable {
    var variables: [String: String]
    var now: Date
    /// The time as it goes on, for runs that cross midnight in Seoul; tests pin it.
    var clock: @Sendable () -> Date = { Date() }
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    var stdinIsTerminal = false
    var terminalWidth: Int?
    /// `-q`/`--quiet`: no "Wrote FILE." or progress on stderr; warnings and errors still.
    var isQuiet = false
    /// Reads standard input up to EOF or the given number of bytes.
    var readStandardInput: @Sendable (Int) -> Data
    /// Reads one line from the terminal on standard input without echoing it, prompting for it
    /// (the closure) once the terminal no longer echoes.
    var readHiddenLine: @Sendable (Int, () -> Void) -> Data = { _, _ in Data() }
    /// Writes one line to stderr.
    var log: @Sendable (String) -> Void
    /// Where the standard streams are: the process's own, or files a test gave a run in process.
    var standardInput = STDIN_FILENO
    var standardOutput = STDOUT_FILENO
    var standardError = STDERR_FILENO

    var today: KSTDate { KSTDate.today(at: now) }

    /// The real process's surroundings.
    static func current() -> ProcessContext {
        streams(input: STDIN_FILENO, output: STDOUT_FILENO, error: STDERR_FILENO, variables: environmentVariables())
    }

    /// Surroundings with the standard streams on these descriptors and these variables.
    static func streams(input: Int32, output: Int32, error: Int32, variables: [String: String]) -> ProcessContext {
        let stdoutIsTerminal = Terminal.isTerminal(output)
        return ProcessContext(
            variables: variables,
            now: Date(),
            stdoutIsTerminal: stdoutIsTerminal,
            stderrIsTerminal: Terminal.isTerminal(error),
            stdinIsTerminal: Terminal.isTerminal(input),
            terminalWidth: stdoutIsTerminal ? Terminal.width(of: output) ?? variables["COLUMNS"].flatMap(Int.init) : nil,
            readStandardInput: { limit in Terminal.read(from: input, atMost: limit) },
            readHiddenLine: { limit, prompt in Terminal.readHiddenLine(from: input, atMost: limit, prompt: prompt) },
            // User and service text reaches stderr in many messages; none may steer the terminal.
            log: { Terminal.write(TerminalText.sanitize($0) + "\n", to: error) },
            standardInput: input, standardOutput: output, standardError: error)
    }

    /// The environment, read from the C library's list: `ProcessInfo` builds far more on first use
    /// than the variables, at a cost larger than all the rest of a `--version` run.
    private static func environmentVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first "=" byte: as characters, an "=" followed by a combining mark would
            // be one character with it, and the variable would go unseen.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: pointer.distance(to: equals)), as: UTF8.self)
                // The first of a repeated name wins, as it does for getenv.
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }

    /// Writes one warning line to stderr, labelled as errors are.
    /// A line that tells what was done ("Wrote FILE."), left out with `--quiet`.
    func note(_ message: String) {
        if !isQuiet { log(message) }
    }

    func warn(_ message: String) {
        log(bilingual("Warning: ", "경고: ") + message)
    }

    /// A variable's value, nil when unset or empty.
    func variable(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
