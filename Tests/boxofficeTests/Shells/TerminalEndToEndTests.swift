import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// The binary at a real terminal: util-linux `script` gives it a pseudo-terminal and forwards
/// what the test types.
@Suite(.serialized)
struct TerminalEndToEndTests {
    static let script = "/usr/bin/script"

    /// Runs the binary on a pseudo-terminal, typing `input` once `ready` has shown on it.
    static func runAtTerminal(
        _ arguments: [String], state: BinaryRunner, input: String = "", after ready: String? = nil, environment: [String: String] = [:]
    ) async throws -> String {
        let command = ([BinaryRunner.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = state.process(
            ["-q", "-e", "-c", command, "/dev/null"], extraEnvironment: ["TERM": "xterm"].merging(environment) { $1 },
            executable: URL(fileURLWithPath: script))
        let terminal = try RunningProgram(process, mergingStderr: true)
        if let ready { try await terminal.stdout.waitFor(ready) }
        try terminal.type(input)
        return try await terminal.end().stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func configSetReadsTheKeyHiddenOnOneLine() async throws {
        let state = BinaryRunner(keys: false)
        // The prompt shows once the terminal has stopped echoing.
        let output = try await Self.runAtTerminal(
            ["config", "set", "kobis"], state: state, input: BinaryRunner.kobisKey + "\n", after: "it is not shown")
        #expect(output.contains("it is not shown"), "\(output)")
        #expect(!output.contains(BinaryRunner.kobisKey), "the key was echoed: \(output)")
        let stored = try String(contentsOf: state.home.appendingPathComponent("config/config"), encoding: .utf8)
        #expect(stored == "kobis_api_key = \(BinaryRunner.kobisKey)\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func ctrlCDuringARangeClearsTheProgressLine() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.syntheticDay(request)
            // One day answers, the others never: the progress line stays at 1/10 until Ctrl-C.
            response.delay = request.query["targetDt"] == "20230801" ? 0 : .infinity
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let output = try await Self.runAtTerminal(
            ["daily", "--from", "20230801", "--to", "20230810", "--jobs", "2", "--timeout", "600"], state: state, input: "\u{3}",
            after: "1/10 days")
        #expect(output.contains("[=>                  ] 1/10 days"), "the progress line showed a bar: \(output.debugDescription)")
        #expect(output.contains("\r\u{1B}[KError: Stopped by SIGINT"), "the progress line was cleared: \(output.debugDescription)")
    }

    /// The report's table rows, header first, as the terminal showed them at `columns`.
    static func reportTable(columns: Int, state: BinaryRunner) async throws -> [String] {
        let output = try await runAtTerminal(
            ["report", "--date", "20230818", "--replay", "Fixtures", "--color", "never"], state: state, environment: ["COLUMNS": String(columns)])
        // The terminal ends lines in CR LF; a progress line on stderr is cleared before the report.
        let lines = output.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.components(separatedBy: "\u{1B}[K").last ?? "")
        }
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("Box office report") }) else { return [] }
        return Array(lines[(heading + 1)...].prefix { !$0.isEmpty })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func theReportFitsTerminalsFromTwentyColumnsUp() async throws {
        let state = BinaryRunner(keys: false)
        for columns in [20, 27, 40, 60, 80] {
            let table = try await Self.reportTable(columns: columns, state: state)
            #expect(table.count == 11, "a header and ten rows at \(columns): \(table)")
            #expect(table.allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns):\n\(table.joined(separator: "\n"))")
            #expect(table.first?.contains("Title") == true && table.first?.contains("Audience") == true, "\(columns): \(table)")
            #expect(table.first?.contains("Trend") == (columns >= 40), "the trend goes last: \(columns): \(table)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func urlsStayWholeInANarrowTerminal() async throws {
        let server = try CommandSurfaceEndToEndTests.fixtureServer()
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        for arguments in [["images", "밀수"], ["daily", "--date", "20230818", "--posters"]] {
            let output = try await Self.runAtTerminal(
                arguments + ["--color", "never"], state: state, environment: ["COLUMNS": "40"])
            #expect(output.contains("https://example-images.invalid/"), "\(output)")
            #expect(!output.contains("https://…") && !output.contains(".invalid/…"), "a URL was cut: \(output)")
            #expect(!output.contains("Site") && !output.contains("Opened"), "lower-priority columns gave way first: \(output)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func aFileWrittenWithOutputAtANarrowTerminalIsTheFullTable() async throws {
        let state = BinaryRunner()
        let arguments = ["daily", "--date", "20230818", "--replay", "Fixtures"]
        let file = state.home.appendingPathComponent("tty.txt").path
        let shown = try await Self.runAtTerminal(arguments + ["-o", file], state: state, environment: ["COLUMNS": "40"])
        #expect(shown.contains("Wrote"), "\(shown)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let redirected = try await state.run(arguments)
        #expect(written == redirected.stdout, "-o at a terminal writes what > FILE writes:\n\(written)")
        #expect(!written.contains("\u{1B}") && written.contains("콘크리트 유토피아") && written.contains("Screens"), "\(written)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "util-linux script is not installed"))
    func outputAtATerminalGoesThroughThePagerUnlessToldOtherwise() async throws {
        let state = BinaryRunner()
        let daily = ["daily", "--date", "20230818", "--replay", "Fixtures", "--color", "never"]
        let pager = ["BOXOFFICE_PAGER": "sed s/^/paged:/", "PAGER": "false"]
        let paged = try await Self.runAtTerminal(daily, state: state, environment: pager)
        #expect(paged.contains("paged:Daily box office, 2023-08-18") && paged.contains("paged: 1 "), "\(paged)")
        let direct = try await Self.runAtTerminal(daily + ["--no-pager"], state: state, environment: pager)
        #expect(direct.contains("Daily box office") && !direct.contains("paged:"), "\(direct)")
        // PAGER when BOXOFFICE_PAGER is not set; never for a pipe or a file.
        let fromPager = try await Self.runAtTerminal(daily, state: state, environment: ["PAGER": "sed s/^/pager:/"])
        #expect(fromPager.contains("pager:Daily box office"), "\(fromPager)")
        let piped = try await state.run(daily, extraEnvironment: pager)
        #expect(piped.status == 0 && !piped.stdout.contains("paged:"))
        // Nothing to show starts no pager: -o at a terminal, and -q keeps its line off stderr too.
        let file = state.home.appendingPathComponent("daily.txt").path
        let quiet = try await Self.runAtTerminal(daily + ["-o", file, "-q"], state: state, environment: pager)
        #expect(quiet.isEmpty, "\(quiet.debugDescription)")
        let told = try await Self.runAtTerminal(daily + ["-o", file], state: state, environment: pager)
        #expect(told == "Wrote \(file).\r\n", "\(told.debugDescription)")
    }

    /// The real `less`, as the pager a new user gets, shows Hangul whatever the locale says of the
    /// terminal: unset, C, or a Korean locale this machine does not have.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script) && TestTools.run(with: ["less"]), "script or less is not installed"))
    func thePagerShowsHangulUnderAnyLocale() async throws {
        let state = BinaryRunner()
        let daily = ["daily", "--date", "20230818", "--replay", "Fixtures", "--color", "never", "--lang", "en"]
        for locale in [["LANG": ""], ["LANG": "C"], ["LANG": "ko_KR.UTF-8"], ["LC_ALL": "C", "LESS": "FRX"]] as [[String: String]] {
            // Typed once the heading shows, in case less waits at its prompt: q quits it.
            let shown = try await Self.runAtTerminal(
                daily, state: state, input: "q", after: "Daily box office", environment: locale.merging(["PAGER": "less -FRX"]) { $1 })
            #expect(shown.contains("콘크리트 유토피아") && !shown.contains("<EC>"), "\(locale): \(shown.debugDescription)")
        }
        // A charset of the user's own is left as it is.
        let own = try await Self.runAtTerminal(
            daily, state: state, input: "q", after: "Daily box office", environment: ["LANG": "C", "LESSCHARSET": "ascii", "PAGER": "less -FRX"])
        #expect(!own.contains("콘크리트 유토피아"), "LESSCHARSET=ascii is the user's choice: \(own.debugDescription)")
    }
}
