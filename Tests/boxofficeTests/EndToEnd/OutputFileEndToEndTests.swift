import Foundation
import Testing

/// `-o FILE` on every command that prints data: the file holds exactly what stdout would have,
/// written atomically; a target that may not be written is refused before any request.
@Suite(.serialized)
struct OutputFileEndToEndTests {
    static let replay = ["--replay", "Fixtures"]

    @Test(arguments: [
        ["daily", "--date", "20230818"],
        ["movie", "20218541", "--format", "json"],
        ["weekly", "--from", "20230807", "--to", "20230813", "--period", "weekend", "--format", "csv"],
        ["search", "밀수", "--format", "jsonl"],
    ])
    func theFileHoldsWhatStdoutWould(_ arguments: [String]) async throws {
        let state = BinaryRunner(keys: false)
        let printed = try await state.run(arguments + Self.replay)
        #expect(printed.status == 0 && !printed.stdout.isEmpty, "\(printed.stderr)")
        let target = state.home.appendingPathComponent("out.txt")
        for option in ["--output", "-o"] {
            try? FileManager.default.removeItem(at: target)
            let written = try await state.run(arguments + Self.replay + [option, target.path])
            #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
            #expect(written.stderr == "Wrote \(target.path).\n")
            #expect(try String(contentsOf: target, encoding: .utf8) == printed.stdout)
        }
        let dash = try await state.run(arguments + Self.replay + ["-o", "-"])
        #expect(dash.status == 0 && dash.stdout == printed.stdout && dash.stderr.isEmpty, "- is stdout")
        #expect(!FileManager.default.fileExists(atPath: BinaryRunner.repositoryRoot.appendingPathComponent("-").path), "no file named -")
    }

    @Test func aFailedRunLeavesTheOldFileAsItWasAndNoTemporaryFile() async throws {
        let state = BinaryRunner(keys: false)
        let folder = state.home.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("daily.csv")
        try Data("yesterday's chart\n".utf8).write(to: target)
        // No recording of that day: the run fails after the file was found writable.
        let run = try await state.run(["daily", "--date", "20230810", "--format", "csv", "-o", target.path] + Self.replay)
        BinaryRunner.expectFailure(run, status: 78)
        #expect(try String(contentsOf: target, encoding: .utf8) == "yesterday's chart\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["daily.csv"])
    }

    @Test func aTargetThatMayNotBeWrittenIsRefusedBeforeAnyRequest() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let missing = state.home.appendingPathComponent("no-such-folder")
        let refusals: [(path: String, words: [String])] = [
            (state.home.path, [state.home.path, "a folder, not a regular file"]),
            ("/proc/version", ["/proc/version"]),
            (missing.appendingPathComponent("daily.csv").path, [missing.path, "does not exist"]),
            // A file that may be written in a folder where no file can be created: its replacement could not be.
            ("/proc/self/comm", ["/proc/self/comm", "nothing can be created in its folder /proc/self"]),
            // A name ending in / is a folder's, whether nothing or a file is there.
            (missing.path + "/", [missing.path + "/", "ending in / is a folder's"]),
            (state.home.appendingPathComponent("keep.csv").path + "/", ["keep.csv/", "ending in / is a folder's"]),
        ]
        try Data("kept\n".utf8).write(to: state.home.appendingPathComponent("keep.csv"))
        for command in [["daily", "--date", "20230818"], ["movie", "20218541"], ["search", "밀수"]] {
            for refusal in refusals {
                let run = try await state.run(command + ["-o", refusal.path])
                BinaryRunner.expectFailure(run, status: 73, mentioning: refusal.words)
                #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
            }
        }
        #expect(server.requestCount == 0, "refused before any request")
        BinaryRunner.expectFailure(try await state.run(["daily", "-o", ""]), status: 64, mentioning: ["--output needs a file name"])
    }

    @Test func everyCommandThatPrintsDataTakesIt() async throws {
        let state = BinaryRunner(keys: false)
        let commands = [
            ["daily"], ["weekly"], ["report"], ["trend"], ["movie"], ["search"], ["people"], ["person"], ["companies"], ["company"],
            ["codes"], ["images"], ["quota"], ["cache", "stats"], ["config", "show"],
        ]
        for command in commands {
            let help = try await state.run(command + ["--help"])
            #expect(help.stdout.contains("-o, --output <file>"), "\(command)")
        }
        #expect(!(try await state.run(["poster", "--help"])).stdout.contains("--output"), "poster has --download")
        // Exit 73 names the option of every command, not only report's.
        let codes = try await state.run(["help", "exit-codes"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(codes.contains("a --download or -o/--output target"), "\(codes)")
        let target = state.home.appendingPathComponent("quota.json")
        let quota = try await state.run(["quota", "--format", "json", "--output", target.path])
        #expect(quota.status == 0 && quota.stdout.isEmpty, "\(quota.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"services\""))
    }
}
