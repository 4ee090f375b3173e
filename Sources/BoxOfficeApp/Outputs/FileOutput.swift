import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A command run with `-o FILE`: what it would print goes to the file instead, atomically, so a
/// web server or a mailer never reads half of it and a failed run leaves the old file as it was.
/// The one owner of `--output` for every command that prints data.
package struct FileOutput: RunnableCommand {
    let command: any RunnableCommand
    let path: String

    /// `-o -`: stdout, as `curl -o -` has it.
    static let standardOutput = "-"

    /// The command as `--output` asks: itself for stdout, else wrapped to write the file.
    package static func wrapping(_ command: any RunnableCommand, _ reader: OptionReader) throws(UsageError) -> any RunnableCommand {
        guard reader.declares(.output), let path = try reader.text(.output), path != standardOutput else { return command }
        guard !path.isEmpty else {
            throw reader.error(
                bilingual(
                    "--output needs a file name, or - for stdout.", "--output에는 파일 이름을 주세요(표준 출력은 -)."))
        }
        return FileOutput(command: command, path: path)
    }

    /// Nothing for stdout: the output went to the file.
    package func run(in terminalState: CommandState) async throws -> CommandOutput {
        // Before any request: a folder, a device or a missing folder in its way costs no call.
        try OutputFile.check(path)
        // Colour and width are decided as for a file, whatever stdout is: the file gets every
        // column, no escapes, and the same bytes as `> FILE` would.
        var state = terminalState
        state.context.stdoutIsTerminal = false
        state.context.terminalWidth = nil
        if let streaming = command as? any StreamingCommand {
            // Written into the file's temporary sibling as it is made, put in place once whole.
            let output = OutputSpool(.file(path: path))
            do {
                try await state.stream(streaming, to: output)
            } catch let partial as PartialResult {
                try commit(output, in: state)
                throw partial
            }
            try commit(output, in: state)
            return .empty
        }
        do {
            try write(try await state.run(command), in: state)
        } catch var partial as PartialResult {
            // What arrived of a range (`--keep-going`) is written all the same, then said.
            try write(state.write(partial.output), in: state)
            partial.output = .empty
            throw partial
        }
        return .empty
    }

    private func write(_ output: Data, in state: CommandState) throws {
        Signals.arm()
        try OutputFile.write(output, toPath: path)
        state.context.note(bilingual("Wrote \(TerminalText.sanitize(path)).", "\(TerminalText.sanitize(path))에 썼습니다."))
    }

    private func commit(_ output: OutputSpool, in state: CommandState) throws {
        try output.commit()
        state.context.note(bilingual("Wrote \(TerminalText.sanitize(path)).", "\(TerminalText.sanitize(path))에 썼습니다."))
    }
}
