import BoxOfficeApp
import BoxOfficeCore
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

/// Parse, then validate, then run; print the result or one line of error.
enum BoxOffice {
    /// What a pipe's buffer holds on Linux: a write of this much to a fresh pipe never waits.
    static let writeThatNeverBlocks = 65_536

    /// The whole run: `main.swift` calls it with the process's context and the system's network;
    /// the tests call it in process, with files for the standard streams and their own network.
    static func main(_ arguments: [String], context: ProcessContext, network: Network? = nil) async -> ExitCode {
        // Read whole before anything is said: `--lang`, `-q` and `--no-pager` may stand last.
        let (invocation, mistake) = CommandLineParser.read(arguments)
        let network = network ?? .system(context)
        // A run that passes its cache by will send: the transport's set-up (loading libcurl)
        // starts now, beside the rest of the run's own (its keys, its ledger), rather than once
        // its client is made. (`mcp` only hands its options to calls that may never come.) The
        // signal handlers' thread is made first: while libcurl loads, the loader's lock holds up
        // every new thread.
        if mistake == nil, !invocation.wantsHelp, invocation.command.name != MCPCommand.name, NetworkOptions.sendsWhateverTheCache(given: invocation)
        {
            Signals.arm()
            network.prepare()
        }
        switch LanguageChoice.make(invocation, context: context) {
        case .success(let choice):
            return await Language.$current.withValue(choice.language) {
                await run(invocation, mistake, language: choice, context: context, network: network)
            }
        case .failure(let error):
            // Said in the language the environment asks for, as the message is.
            Language.$current.withValue(LanguageChoice.fromEnvironment(context)) { context.log(bilingual("Error: ", "오류: ") + error.message) }
            return .usage
        }
    }

    private static func run(
        _ invocation: Invocation, _ mistake: UsageError?, language: LanguageChoice, context given: ProcessContext, network: Network
    ) async -> ExitCode {
        var context = given
        context.isQuiet = language.isQuiet
        var output = Data()
        let paths = Paths(context)
        let quota = QuotaLedger(file: paths.quotaFile)
        // The last line of defence for stdout and the error line: whatever its source, no key gets through.
        let keys = KeyRing(KeyStore(context: context, paths: paths))
        // What a streaming command (a chart range) wrote as it went, waiting for the run to succeed.
        var spool: OutputSpool?
        // A partial result is printed, then said, then ends the run with its code.
        var partial: PartialResult?
        var state = CommandState(context: context, quota: quota, paths: paths, keys: keys, network: network)
        // Models read English unless `boxoffice mcp --lang` says otherwise.
        state.toolLanguage = language.isExplicit ? language.language : .en
        do {
            if let mistake { throw mistake }
            let command = try CommandCatalog.command(for: invocation, today: context.today)
            if let streaming = command as? any StreamingCommand {
                let standardOutput = OutputSpool(.standardOutput(scratchFolder: context.variable("TMPDIR") ?? "/tmp"))
                spool = standardOutput
                try await state.stream(streaming, to: standardOutput)
            } else {
                output = try await state.run(command)
            }
        } catch let result as PartialResult {
            output = state.write(result.output)
            partial = result
        } catch {
            context.log(bilingual("Error: ", "오류: ") + keys.redactor.redact(ErrorText.message(for: error)))
            if let usage = error as? UsageError {
                let help = "boxoffice " + (usage.commandPath + ["--help"]).joined(separator: " ")
                context.log(bilingual("Usage: ", "사용법: ") + HelpFormatter.usage(forPath: usage.commandPath))
                context.log(bilingual("  See '\(help)' for more.", "  자세한 내용은 '\(help)'를 보세요."))
            }
            return ErrorText.exitCode(for: error)
        }
        // A write that can block (a slow reader) is one a signal can cut short: the handlers are in
        // place before it, so the line says the output is incomplete. One that fits in a pipe's
        // buffer never blocks, and starts no thread for them.
        if spool?.holdsMore(than: Self.writeThatNeverBlocks) ?? (output.count > Self.writeThatNeverBlocks) { Signals.arm() }
        Signals.outputStarted.store(true, ordering: .releasing)
        let write = { (descriptor: Int32) in spool?.copy(to: descriptor) ?? Terminal.write(output, to: descriptor) }
        // Nothing to show (`-o FILE`, `config set`) starts no pager.
        let pager = spool == nil && output.isEmpty ? nil : Pager.chosen(for: context, disabled: language.noPager)
        let written = pager.flatMap { $0.run(writing: write) } ?? write(context.standardOutput)
        switch written {
        case .written, .readerGone:
            // A reader that went away (`| head`) took what it wanted: nothing went wrong.
            guard let partial else { return .success }
            context.log(bilingual("Error: ", "오류: ") + keys.redactor.redact(ErrorText.message(for: partial)))
            return ErrorText.exitCode(for: partial)
        case .failed(let reason):
            context.log(bilingual("Error: Cannot write the output: \(reason).", "오류: 출력을 쓸 수 없습니다: \(reason)."))
            return .internalError
        }
    }
}
