import Foundation
import Testing

/// The library's range rules, met from the shell and from an agent: a daily, weekly and trend
/// range each refused the same way by both, as a usage error (exit 64) or an `isError` result,
/// before any request.
struct RangeRulesEndToEndTests {
    /// A refused range of each kind, with what its line says.
    static let refusals: [(arguments: [String], tool: String, toolArguments: String, mentioning: [String])] = [
        (
            ["daily", "--from", "20230831", "--to", "20230801"], "daily_box_office", #"{"from":"20230831","to":"20230801"}"#,
            ["from 2023-08-31 is after", "to 2023-08-01"]
        ),
        (
            ["weekly", "--period", "weekend", "--from", "20230807", "--to", "20230809"], "weekly_box_office",
            #"{"period":"weekend","from":"20230807","to":"20230809"}"#, ["No weekend starts between 2023-08-07 and 2023-08-09"]
        ),
        (
            ["weekly", "--from", "20000101", "--to", "20230813"], "weekly_box_office", #"{"from":"20000101","to":"20230813"}"#,
            ["covers 1,233 weeks; at most 260"]
        ),
        (["trend", "20218541", "--from", "today"], "movie_trend", #"{"code":"20218541","from":"today"}"#, ["has not ended yet", "earlier day"]),
        (
            ["trend", "20218541", "--from", "20230818", "--to", "20230811"], "movie_trend",
            #"{"code":"20218541","from":"20230818","to":"20230811"}"#, ["from 2023-08-18 is after", "to 2023-08-11"]
        ),
    ]

    @Test func theShellGetsAUsageErrorNamingItsOptionsAndNothingIsAsked() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        for refusal in Self.refusals {
            let run = try await state.run(refusal.arguments)
            BinaryRunner.expectFailure(run, status: 64, mentioning: refusal.mentioning)
            #expect(run.stderr.contains("Usage: boxoffice \(refusal.arguments[0])"), "\(refusal.arguments): \(run.stderr)")
        }
        let reversed = try await state.run(Self.refusals[0].arguments)
        #expect(reversed.stderr.hasPrefix("Error: --from 2023-08-31 is after --to 2023-08-01.\n"), "\(reversed.stderr)")
        #expect(server.requestCount == 0, "\(server.requests.map(\.path))")
    }

    @Test func anAgentGetsTheSameRuleAsAToolErrorAndNothingIsAsked() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let lines = Self.refusals.enumerated().map { index, refusal in
            #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{\#(MCPRawSessionEndToEndTests.meta),"name":"\#(refusal.tool)","arguments":\#(refusal.toolArguments)}}"#
        }
        let answers = try await MCPRawSessionEndToEndTests.session(lines, server: server)
        let state = BinaryRunner(kobisURL: server.baseURL)
        for (index, refusal) in Self.refusals.enumerated() {
            let result = MCPRawSessionEndToEndTests.answer(answers, id: index + 1)?["result"] as? [String: Any]
            #expect(result?["isError"] as? Bool == true, "\(refusal.tool) \(refusal.toolArguments): \(String(describing: result))")
            let text = ((result?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
            for words in refusal.mentioning {
                #expect(text.contains(words), "\(refusal.tool) says '\(text)'")
            }
            // The CLI's own line, the options named as each caller names them.
            let cli = try await state.run(refusal.arguments)
            let line = cli.stderr.split(separator: "\n").first.map { String($0.dropFirst("Error: ".count)) } ?? ""
            #expect(text.replacingOccurrences(of: "--", with: "") == line.replacingOccurrences(of: "--", with: ""), "'\(text)' against '\(line)'")
        }
        #expect(server.requestCount == 0, "\(server.requests.map(\.path))")
    }
}
