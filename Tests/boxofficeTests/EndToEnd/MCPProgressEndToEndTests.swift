import Foundation
import Testing

/// A call's progress notifications end with its cancellation, though its work winds down after it.
struct MCPProgressEndToEndTests {
    static let token = "range"

    static func notes(_ session: MCPSession) -> [[String: Any]] {
        session.messages.filter {
            $0["method"] as? String == "notifications/progress" && ($0["params"] as? [String: Any])?["progressToken"] as? String == token
        }
    }

    @Test func aCancelledCallHearsNoMoreProgress() async throws {
        // The range's first day is held; its last six are cached, so once the first is decided
        // (by the cancellation) they are decided at once, cancelled or not.
        let held = Gate()
        let server = try LoopbackServer { request in
            var response = StubResponse.syntheticDay(request)
            if request.query["targetDt"] == "20230801" { response.heldBy = held }
            return response
        }
        defer {
            held.open()
            server.stop()
        }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let cached = try await state.run(["daily", "--from", "20230805", "--to", "20230810", "--format", "json"])
        try #require(cached.status == 0, "\(cached.stderr)")

        let session = try MCPSession(state, arguments: MCPConcurrencyEndToEndTests.patient)
        session.send(MCPConcurrencyEndToEndTests.initialize)
        _ = await session.answer(to: 1, "initialize")
        session.send(
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"from":"20230801","to":"20230810"},"_meta":{"progressToken":"\#(Self.token)"}}}"#
        )
        // Days 2 to 4 arrive; the range goes no further ahead while the first is held.
        let deadline = Date().addingTimeInterval(Backstop.seconds)
        while Self.notes(session).count < 3, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
        try #require(Self.notes(session).count == 3, "the days after the held one did not come: \(Self.notes(session))")

        session.send(MCPConcurrencyEndToEndTests.cancel(2), MCPConcurrencyEndToEndTests.ping(3))
        _ = await session.answer(to: 3, "a ping after the cancellation")
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(session.position(ofAnswerTo: 2) == nil, "a cancelled call is not answered")
        #expect(Self.notes(session).count == 3, "progress after the cancellation: \(Self.notes(session).compactMap { $0["params"] })")
    }
}
