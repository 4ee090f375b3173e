import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `boxoffice mcp` fed a line at a time, its messages read as they come and kept in the order they
/// came: for tests of what the server does while calls are in flight, which a whole stdin
/// written at once cannot show. Its waits sleep as tasks, holding no thread of the pool.
final class MCPSession {
    private let process: Process
    private let input: FileHandle
    private let stderrURL: URL
    private let received = ReceivedLines()
    private var parsed: [[String: Any]] = []
    /// The state's folder, kept while the server may write there.
    private let state: BinaryRunner

    var processIdentifier: Int32 { process.processIdentifier }

    /// The server with `arguments` after `mcp`, and at most `descriptorLimit` open files if given.
    init(_ state: BinaryRunner, arguments: [String] = [], descriptorLimit: Int? = nil) throws {
        self.state = state
        if let descriptorLimit {
            // The shell sets the limit and becomes the server, which keeps its process id.
            let script = #"ulimit -n \#(descriptorLimit) && exec "$0" "$@""#
            process = state.process(
                ["-c", script, BinaryRunner.binary.path, "mcp"] + arguments, executable: URL(fileURLWithPath: try TestTools.require("sh")))
        } else {
            process = state.process(["mcp"] + arguments)
        }
        stderrURL = state.home.appendingPathComponent("mcp-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let errors = try FileHandle(forWritingTo: stderrURL)
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = errors
        // A server that stops reading must not kill the tests with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try process.runCounted()
        try? errors.close()
        input = stdin.fileHandleForWriting
        let output = stdout.fileHandleForReading
        let received = received
        Thread {
            var pending = Data()
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    received.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...end)
                }
            }
            received.finish()
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Writes lines to the server's stdin.
    func send(_ lines: String...) {
        send(lines)
    }

    func send(_ lines: [String]) {
        try? input.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Every message so far, in the order they came.
    var messages: [[String: Any]] {
        for line in received.lines(from: parsed.count) {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON-RPC object on stdout: \(line.prefix(200))")
            parsed.append(object ?? [:])
        }
        return parsed
    }

    /// Where the answer to request `id` is among the messages, nil before it came.
    func position(ofAnswerTo id: Int) -> Int? {
        messages.firstIndex { $0["id"] as? Int == id && $0["method"] == nil }
    }

    /// Waits for the answer to request `id`; past a generous deadline, records an issue naming
    /// `what` was waited for and returns nil.
    func answer(to id: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) async -> [String: Any]? {
        let deadline = Date().addingTimeInterval(Backstop.seconds)
        while Date() < deadline {
            if let index = position(ofAnswerTo: id) { return messages[index] }
            if received.isFinished { break }
            await Self.pause()
        }
        Issue.record("no answer to \(what) (request \(id))", sourceLocation: sourceLocation)
        return nil
    }

    /// Waits until the server has `path` open, as a call does while it waits for the file's lock.
    func waitUntilItHasOpen(_ path: String) async -> Bool {
        let deadline = Date().addingTimeInterval(Backstop.seconds)
        let folder = "/proc/\(processIdentifier)/fd"
        while Date() < deadline {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if descriptors.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path }) {
                return true
            }
            await Self.pause()
        }
        return false
    }

    private static func pause() async {
        try? await Task.sleep(for: .milliseconds(2))
    }

    /// Closes stdin and waits for the server to end (killing it past `limit` seconds).
    func end(limit: Double = 60) async -> BinaryRun {
        try? input.close()
        let started = Date()
        var killed = false
        while process.isRunning {
            if !killed, Date().timeIntervalSince(started) > limit {
                process.terminate()
                killed = true
                Issue.record("boxoffice mcp ran on \(limit) s after its input ended")
            }
            await Self.pause()
        }
        while !received.isFinished, Date().timeIntervalSince(started) < limit { await Self.pause() }
        return BinaryRun(
            stdout: received.lines(from: 0).map { $0 + "\n" }.joined(),
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "<not UTF-8>",
            status: process.terminationStatus)
    }
}

/// The lines of the server's stdout, filled by the thread reading it.
private final class ReceivedLines: Sendable {
    private let state = Mutex((lines: [String](), finished: false))

    func append(_ line: String) {
        state.withLock { $0.lines.append(line) }
    }

    func finish() {
        state.withLock { $0.finished = true }
    }

    var isFinished: Bool { state.withLock { $0.finished } }

    func lines(from start: Int) -> [String] {
        state.withLock { Array($0.lines.dropFirst(start)) }
    }
}
