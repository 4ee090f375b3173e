import BoxOfficeCore
import Foundation
import Synchronization
import Testing
@testable import BoxOfficeApp
@testable import boxoffice
#if canImport(Glibc)
import Glibc
#endif

/// What an in-process run wrote to stderr, line by line.
final class ErrorLines: Sendable {
    private let written = Mutex("")

    func append(_ line: String) { written.withLock { $0 += line } }
    var text: String { written.withLock { $0 } }
}

/// What one run of the real `boxoffice` binary printed and returned. How long it took is not
/// here: no test's result may hang on the time a run takes on a busy machine.
struct BinaryRun: Sendable {
    let stdout: String
    let stderr: String
    let status: Int32
}

/// Runs the built `boxoffice` binary in a clean environment of its own.
struct BinaryRunner: Sendable {
    /// A key no real service issues, so a leak is easy to spot in any output.
    static let kobisKey = "KOBISKEY-leakcheck-7f3a9c"
    static let kakaoKey = "KAKAOKEY-leakcheck-2b8e4d"

    let home: URL
    var environment: [String: String]
    /// Removes `home` once no copy of this state, nor a process it started, is left.
    private let folder: TemporaryFolder

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary SwiftPM built beside this test bundle, and no other: one found elsewhere (an
    /// older `.build/debug`) could be stale and test what no longer is.
    static let binary = Bundle.main.bundleURL.appendingPathComponent("boxoffice")

    /// A state with its own HOME, cache and config folders, pointed at the given server.
    init(kobisURL: String? = nil, kakaoURL: String? = nil, keys: Bool = true) {
        folder = TemporaryFolder("boxoffice-e2e")
        home = folder.url
        environment = [
            "PATH": "/usr/bin:/bin",
            "HOME": home.path,
            "BOXOFFICE_CACHE_DIR": home.appendingPathComponent("cache").path,
            "BOXOFFICE_CONFIG_DIR": home.appendingPathComponent("config").path,
            "TZ": "UTC",
            "LANG": "C",
            // At a test's terminal the output is read whole, not paged; the pager's own tests set one.
            "PAGER": "cat",
        ]
        if keys {
            environment["KOBIS_API_KEY"] = Self.kobisKey
            environment["KAKAO_REST_API_KEY"] = Self.kakaoKey
        }
        if let kobisURL { environment["BOXOFFICE_KOBIS_URL"] = kobisURL }
        if let kakaoURL { environment["BOXOFFICE_KAKAO_URL"] = kakaoURL }
    }

    /// Runs the command in this process, through the entry point `main.swift` calls, with files
    /// for its standard streams, this state's environment and the system's network (or `network`,
    /// a stub loader): everything the binary does but start. Where a process is the point
    /// (signals, terminals, libcurl loaded late, the static build), use `runBinary`.
    func run(
        _ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], network: Network? = nil,
        limit: Double = Backstop.seconds, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> BinaryRun {
        // Relative paths (`--replay Fixtures`) are the repository's, as they are for the binary.
        guard FileManager.default.currentDirectoryPath == Self.repositoryRoot.path else {
            return try await runBinary(arguments, stdin: stdin, extraEnvironment: extraEnvironment, limit: limit, sourceLocation: sourceLocation)
        }
        let name = UUID().uuidString
        let inURL = home.appendingPathComponent("stdin-\(name)")
        let outURL = home.appendingPathComponent("stdout-\(name)")
        let errURL = home.appendingPathComponent("stderr-\(name)")
        try Data((stdin ?? "").utf8).write(to: inURL)
        let input = open(inURL.path, O_RDONLY | O_CLOEXEC)
        let output = open(outURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let error = open(errURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard input >= 0, output >= 0, error >= 0 else { throw CocoaError(.fileNoSuchFile) }
        var context = ProcessContext.streams(
            input: input, output: output, error: error, variables: environment.merging(extraEnvironment) { $1 })
        // Lines go to memory rather than to the descriptor: work a run abandoned (an attempt past
        // its deadline) may still say something after the run has ended and its descriptors are
        // closed, and a number reused by another run's file must never receive it. The binary
        // itself has exited by then.
        let lines = ErrorLines()
        context.log = { line in lines.append(TerminalText.sanitize(line) + "\n") }
        let ended = Event<Int32>()
        let run = Task { ended.happen(await BoxOffice.main(arguments, context: context, network: network).rawValue) }
        var status = await ended.value(within: limit)
        if status == nil {
            Issue.record("boxoffice \(arguments) had not ended after \(Int(limit)) s, so it was cancelled", sourceLocation: sourceLocation)
            run.cancel()
            status = await ended.value(within: Backstop.seconds)
        }
        // A run that never ended may still write: its descriptors stay open, as a process's would.
        if status != nil { for descriptor in [input, output, error] { close(descriptor) } }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "<not UTF-8>" }
        return BinaryRun(stdout: read(outURL), stderr: lines.text + read(errURL), status: status ?? -1)
    }

    /// Runs the binary to completion (or kills it once the backstop passes).
    func runBinary(
        _ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], limit: Double = Backstop.seconds,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> BinaryRun {
        let running = try start(arguments, stdin: stdin, extraEnvironment: extraEnvironment)
        return await running.wait(limit: limit, sourceLocation: sourceLocation)
    }

    /// A process of the binary, or of another program (a shell, `script`), in this state's
    /// environment and the repository's folder, for tests that wire its streams themselves. The
    /// state must outlive it: its folder goes with the state.
    func process(_ arguments: [String], extraEnvironment: [String: String] = [:], executable: URL = Self.binary) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.currentDirectoryURL = Self.repositoryRoot
        return process
    }

    /// Starts the binary and returns at once, for tests that signal or race it.
    func start(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:], executable: String? = nil) throws
        -> RunningBinary
    {
        let (running, writing) = try launch(arguments, extraEnvironment: extraEnvironment, executable: executable)
        if let stdin {
            // On a thread of its own: a write larger than the pipe waits for the binary to read.
            Thread {
                try? writing.write(contentsOf: Data(stdin.utf8))
                try? writing.close()
            }.start()
        } else {
            try? writing.close()
        }
        return running
    }

    /// Starts the binary with its stdin left open, for a conversation (`boxoffice mcp`): write
    /// to the handle as it goes, and close it to end the input.
    func startConversation(_ arguments: [String]) throws -> (running: RunningBinary, input: FileHandle) {
        try launch(arguments, extraEnvironment: [:], executable: nil)
    }

    private func launch(_ arguments: [String], extraEnvironment: [String: String], executable: String?) throws -> (RunningBinary, FileHandle) {
        let process = process(arguments, extraEnvironment: extraEnvironment, executable: executable.map { URL(fileURLWithPath: $0) } ?? Self.binary)
        let outURL = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        // A binary that stops reading early must not kill the tests with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let exit = try process.runObservingExit()
        try? out.close()
        try? err.close()
        let running = RunningBinary(process: process, exit: exit, arguments: arguments, stdoutURL: outURL, stderrURL: errURL, folder: folder)
        return (running, input.fileHandleForWriting)
    }

    /// Checks the contract every failure keeps: the exit code, one useful line on stderr, nothing on stdout, no key.
    static func expectFailure(_ run: BinaryRun, status: Int32, mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == status, "exit \(run.status), stderr: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("Error: "), "stderr: \(run.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.stderr.contains(word), "stderr lacks \(word): \(run.stderr)", sourceLocation: sourceLocation)
        }
        expectNoKey(run, sourceLocation: sourceLocation)
    }

    static func expectNoKey(_ run: BinaryRun, sourceLocation: SourceLocation = #_sourceLocation) {
        for key in [kobisKey, kakaoKey] {
            #expect(!run.stdout.contains(key) && !run.stderr.contains(key), "the key leaked", sourceLocation: sourceLocation)
        }
    }

    /// Every file below a folder, for checking that no key was written to disk.
    func filesContainKey(below folder: URL) -> Bool {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return false }
        for case let file as URL in enumerator {
            if file.path.contains(Self.kobisKey) || file.path.contains(Self.kakaoKey) { return true }
            if let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8),
                text.contains(Self.kobisKey) || text.contains(Self.kakaoKey)
            {
                return true
            }
        }
        return false
    }
}

extension BinaryRunner {
    /// Runs the binary and follows its peak resident memory (VmHWM in /proc) until it exits.
    /// wait4's ru_maxrss cannot be used: a child spawned by a large test process carries the
    /// parent's size into its maximum from before its exec. For the same reason a reading is
    /// taken only once the process is the binary (its name in /proc says so), not the test
    /// process's copy that is about to become it. VmHWM is itself a high-water mark, so each look
    /// sees the peak so far, however long the test sleeps between looks.
    func runMeasuringMemory(_ arguments: [String]) async throws -> (run: BinaryRun, peakMiB: Double) {
        let running = try start(arguments)
        // The kernel keeps the first 15 bytes of a program's name.
        let name = "Name:\t" + Self.binary.lastPathComponent.prefix(15)
        var peakKiB = 0
        while running.exit.value == nil {
            if let status = try? String(contentsOfFile: "/proc/\(running.processIdentifier)/status", encoding: .utf8),
                status.split(separator: "\n").first.map(String.init) == name,
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peakKiB = max(peakKiB, kilobytes)
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return (await running.wait(), Double(peakKiB) / 1024)
    }
}

extension [RunningBinary] {
    /// Waits for each in turn, while they all run on together.
    func wait() async -> [BinaryRun] {
        var runs: [BinaryRun] = []
        for running in self { runs.append(await running.wait()) }
        return runs
    }
}

/// A folder of its own under the temporary directory, removed with everything in it when the
/// last reference goes, so that test runs leave nothing behind.
final class TemporaryFolder: Sendable {
    let url: URL

    init(_ prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A started `boxoffice` process.
struct RunningBinary {
    let process: Process
    /// Its end, with its exit status (or the signal that ended it).
    let exit: Event<Int32>
    let arguments: [String]
    let stdoutURL: URL
    let stderrURL: URL
    /// The state's folder, which holds the output files, kept while the process may write there.
    let folder: TemporaryFolder

    var processIdentifier: Int32 { process.processIdentifier }

    /// Waits for the process to end and collects what it wrote. Should it still run when the
    /// backstop passes, the test fails saying so, and the process is killed.
    func wait(limit: Double = Backstop.seconds, sourceLocation: SourceLocation = #_sourceLocation) async -> BinaryRun {
        var status = await exit.value(within: limit)
        if status == nil {
            Issue.record("boxoffice \(arguments) had not ended after \(Int(limit)) s, so it was killed", sourceLocation: sourceLocation)
            kill(processIdentifier, SIGKILL)
            status = await exit.value(within: Backstop.seconds)
        }
        return BinaryRun(stdout: stdout, stderr: stderr, status: status ?? -1)
    }

    /// The same wait, by the name the quota tests use.
    func finished(limit: Double = Backstop.seconds, sourceLocation: SourceLocation = #_sourceLocation) async -> BinaryRun {
        await wait(limit: limit, sourceLocation: sourceLocation)
    }

    /// Whether stderr came to hold `text` within `seconds` (a backstop), looking every few
    /// milliseconds without holding a thread of the concurrency pool.
    func stderrShows(_ text: String, seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if stderr.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return stderr.contains(text)
    }

    /// What the process wrote to stdout so far.
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "<not UTF-8>" }

    /// What the process wrote to stderr so far.
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "<not UTF-8>" }
}
