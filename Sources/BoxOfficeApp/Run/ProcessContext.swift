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
package struct ProcessContext: Sendable {
    package var variables: [String: String]
    package var now: Date
    /// The time as it goes on, for runs that cross midnight in Seoul; tests pin it.
    package var clock: @Sendable () -> Date = { Date() }
    package var stdoutIsTerminal: Bool
    package var stderrIsTerminal: Bool
    var stdinIsTerminal = false
    package var terminalWidth: Int?
    /// `-q`/`--quiet`: no "Wrote FILE." or progress on stderr; warnings and errors still.
    package var isQuiet = false
    /// Reads standard input up to EOF or the given number of bytes.
    var readStandardInput: @Sendable (Int) -> Data
    /// Reads one line from the terminal on standard input without echoing it, prompting for it
    /// (the closure) once the terminal no longer echoes.
    var readHiddenLine: @Sendable (Int, () -> Void) -> Data = { _, _ in Data() }
    /// Writes one line to stderr.
    package var log: @Sendable (String) -> Void
    /// Where the standard streams are: the process's own, or files a test gave a run in process.
    package var standardInput = STDIN_FILENO
    package var standardOutput = STDOUT_FILENO
    var standardError = STDERR_FILENO

    package var today: KSTDate { KSTDate.today(at: now) }

    /// Surroundings with the standard streams on these descriptors and these variables.
    package static func streams(input: Int32, output: Int32, error: Int32, variables: [String: String]) -> ProcessContext {
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

    /// Writes one warning line to stderr, labelled as errors are.
    /// A line that tells what was done ("Wrote FILE."), left out with `--quiet`.
    func note(_ message: String) {
        if !isQuiet { log(message) }
    }

    func warn(_ message: String) {
        log(bilingual("Warning: ", "경고: ") + message)
    }

    /// A variable's value, nil when unset or empty.
    package func variable(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
