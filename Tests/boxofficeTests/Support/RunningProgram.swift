import Foundation

/// A program a test drives through pipes (openssl, Chromium, Python, a shell, `script`): its
/// output read as it comes on threads of their own, what the test types written to its stdin, its
/// end awaited. No thread of the cooperative pool waits on it.
struct RunningProgram {
    let process: Process
    let exit: Event<Int32>
    let stdout: PipeReader
    /// The same reader as `stdout` when the two streams were merged.
    let stderr: PipeReader
    private let input: FileHandle

    /// Starts `process` with pipes for its three streams (stderr into stdout's when merged). Its
    /// stdin stays open until `end`, as a terminal's would, unless the test closes it.
    init(_ process: Process, mergingStderr: Bool = false) throws {
        let output = Pipe()
        let errors = mergingStderr ? output : Pipe()
        let keys = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = keys
        stdout = PipeReader(output)
        stderr = mergingStderr ? stdout : PipeReader(errors)
        input = keys.fileHandleForWriting
        self.process = process
        exit = try process.runObservingExit()
    }

    /// Writes `text` to the program's stdin: a few bytes, which the pipe takes without waiting.
    func type(_ text: String) throws {
        try input.write(contentsOf: Data(text.utf8))
    }

    /// Ends the program's input.
    func closeInput() {
        try? input.close()
    }

    /// Awaits the program's end and the end of its output, then closes its stdin; throws, naming
    /// the program, if the backstop passes first.
    func end(seconds: Double = Backstop.seconds) async throws -> ProgramRun {
        defer { closeInput() }
        let name = ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
        let status = try await exit.value(waitingFor: "`\(name)` to end", seconds: seconds)
        let stdoutText = try await stdout.wholeText(seconds: seconds)
        let stderrText = try await stderr.wholeText(seconds: seconds)
        return ProgramRun(status: status, reason: process.terminationReason, stdout: stdoutText, stderr: stderrText)
    }
}

/// What a program other than boxoffice printed and returned.
struct ProgramRun: Sendable {
    let status: Int32
    let reason: Process.TerminationReason
    let stdout: String
    let stderr: String

    /// Runs `program` with no input to its end.
    static func run(_ program: String, _ arguments: [String]) async throws -> ProgramRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let running = try RunningProgram(process)
        running.closeInput()
        return try await running.end()
    }
}

/// A program a test needed failed, or said something other than what the test waited for.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}
