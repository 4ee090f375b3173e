import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The quota ledger at the limit and in trouble, with the real binary: a call counts once its
/// request may have reached the server (timed out, interrupted, cancelled), so no mix of runs and
/// MCP calls sends more than the limit; only a call that never connected is given back; a FIFO in
/// place of a ledger file is refused at once; a lock another process holds is waited for at most
/// `--timeout`, saying who holds it.
@Suite struct QuotaLedgerEndToEndTests {
    static func setLedger(_ state: BinaryRunner, kobisCalls: Int) throws {
        try TrustEndToEndTests.setLedger(state, kobisCalls: kobisCalls)
    }

    static func ledgerCount(_ state: BinaryRunner) -> Int? {
        ConcurrentQuotaEndToEndTests.ledgerCount(state)
    }

    static func expectOneLineFailure(_ run: BinaryRun, status: Int32, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        BinaryRunner.expectFailure(run, status: status, mentioning: words, sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)", sourceLocation: sourceLocation)
    }

    // MARK: Calls that reached the server count

    @Test func runsThatTimedOutAtTheLimitLeaveTheirCallsCountedAndNoLaterRunSendsMore() async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try Self.setLedger(state, kobisCalls: 2_998)
        // One after another: a call given back by a run that timed out would go out in the next.
        var runs: [BinaryRun] = []
        for day in 10..<20 {
            runs.append(await (try state.start(["daily", "--date", "202308\(day)", "--timeout", "1", "--retries", "0"])).finished())
        }
        #expect(runs.allSatisfy { $0.status == 75 && $0.stdout.isEmpty }, "\(runs.map(\.stderr))")
        #expect(server.requestCount <= 2, "2 calls were left, and \(server.requestCount) requests reached the server")
        #expect(Self.ledgerCount(state) == 3_000, "the timed-out calls stay counted")
        let refused = runs.dropFirst(2).filter { $0.stderr.contains("All 3,000 of today's KOBIS calls are spent") }
        #expect(refused.count == 8, "\(runs.map(\.stderr))")
    }

    /// One JSON-RPC line.
    static func line(_ text: String) -> Data {
        Data((text + "\n").utf8)
    }

    static func dailyCall(id: Int, date: String) -> Data {
        line(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"\#(date)"}}}"#)
    }

    static let handshake =
        line(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}"#
        ) + line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

    /// The server's answers so far, by id.
    static func answers(_ running: RunningBinary) -> [Int: [String: Any]] {
        var answers: [Int: [String: Any]] = [:]
        for line in running.stdout.split(separator: "\n") {
            if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let id = object["id"] as? Int {
                answers[id] = object
            }
        }
        return answers
    }

    /// The answers to `ids` once they all came, or nil past `seconds` (a backstop).
    static func awaitAnswers(_ ids: some Sequence<Int>, from running: RunningBinary, seconds: Double) async -> [Int: [String: Any]]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let answers = answers(running)
            if ids.allSatisfy({ answers[$0] != nil }) { return answers }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    static func toolText(_ answer: [String: Any]?) -> (isError: Bool, text: String) {
        let result = answer?["result"] as? [String: Any]
        let content = (result?["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        return (result?["isError"] as? Bool ?? false, content.joined(separator: "\n"))
    }

    @Test func interruptedRunsAndCancelledMCPCallsAtTheLimitStayCountedAndNothingMoreIsSent() async throws {
        // Days of July before the 7th get no answer; later days answer at once.
        let server = try LoopbackServer { request in
            (request.query["targetDt"] ?? "") < "20230707" ? StubResponse.unanswered(request) : StubResponse.syntheticDay(request)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try Self.setLedger(state, kobisCalls: 2_994)

        // 1 of the 6 calls left: a run interrupted once its request reached the server. Its
        // request may wait ten minutes: on a loaded machine the test can take longer than the
        // default 15 s to send the signal, and the run would have timed out (exit 75) before it.
        let interrupted = try state.start(["daily", "--date", "20230701", "--retries", "0", "--timeout", "600"])
        #expect(await server.arrivalOfRequests(1, seconds: Backstop.seconds), "the run's request did not reach the server")
        // What the run blocks, ignores and catches, for a failure to say (SIGINT is bit 2).
        let signals =
            (try? String(contentsOfFile: "/proc/\(interrupted.processIdentifier)/status", encoding: .utf8))?
            .split(separator: "\n").filter { $0.hasPrefix("Sig") }.joined(separator: " ") ?? ""
        kill(interrupted.processIdentifier, SIGINT)
        let stopped = await interrupted.finished()
        #expect(stopped.status == 130, "\(stopped.status): \(stopped.stderr) (\(signals))")

        // 5 more: MCP calls cancelled once their requests reached the server.
        // Ten minutes again, so that no call times out (and is answered) before its cancel comes.
        let (session, input) = try state.startConversation(["mcp", "--retries", "0", "--timeout", "600"])
        try input.write(contentsOf: Self.handshake)
        for id in 2...6 { try input.write(contentsOf: Self.dailyCall(id: id, date: "2023070\(id)")) }
        #expect(await server.arrivalOfRequests(6, seconds: Backstop.seconds), "the calls' requests did not reach the server")
        for id in 2...6 {
            try input.write(contentsOf: Self.line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(id)}}"#))
        }
        try input.write(contentsOf: Self.line(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#))
        #expect(await Self.awaitAnswers([7], from: session, seconds: Backstop.seconds) != nil, "no answer to the ping after the cancellations")

        // The limit is reached: neither a run nor a call sends anything more.
        let run = try await (state.start(["daily", "--date", "20230707", "--retries", "0"])).finished()
        Self.expectOneLineFailure(run, status: 75, mentioning: ["All 3,000 of today's KOBIS calls are spent"])
        for id in 8...11 { try input.write(contentsOf: Self.dailyCall(id: id, date: "202307\(10 + id)")) }
        let answers = await Self.awaitAnswers(8...11, from: session, seconds: Backstop.seconds)
        for id in 8...11 {
            let (isError, text) = Self.toolText(answers?[id])
            #expect(isError && text.contains("All 3,000 of today's KOBIS calls are spent"), "call \(id): \(text)")
        }
        try input.close()
        let ended = await session.finished()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(Self.answers(session).keys.allSatisfy { !(2...6).contains($0) }, "a cancelled call is not answered")
        #expect(server.requestCount == 6, "6 calls were left, and \(server.requestCount) requests reached the server")
        #expect(Self.ledgerCount(state) == 3_000)
    }

    // MARK: A call that never connected is given back

    @Test(arguments: TransportBinary.allCases)
    func aRefusedConnectionGivesItsCallsBack(_ transport: TransportBinary) async throws {
        let binary = try await transport.url()
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        let state = BinaryRunner(kobisURL: server.baseURL)
        server.stop()
        try Self.setLedger(state, kobisCalls: 100)
        let run = try await (state.start(["daily", "--date", "20230818", "--retries", "2"], executable: binary.path)).finished()
        Self.expectOneLineFailure(run, status: 69, mentioning: ["connection refused"])
        #expect(Self.ledgerCount(state) == 100, "\(transport): three attempts, none connected, none counted")
    }

    #if os(Linux)
    @Test func aRunWithoutLibcurlGivesItsCallBack() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try Self.setLedger(state, kobisCalls: 100)
        let run = try await (state.start(["daily", "--date", "20230818"], extraEnvironment: ["BOXOFFICE_LIBCURL": "/nonexistent/libcurl.so.4"]))
            .finished()
        Self.expectOneLineFailure(run, status: 69, mentioning: ["libcurl"])
        #expect(Self.ledgerCount(state) == 100, "nothing could be sent, so nothing is counted")
    }
    #endif

    // MARK: A ledger file that is no regular file

    @Test(arguments: ["quota.json", "quota.json.lock"])
    func aFIFOInPlaceOfALedgerFileEndsEveryCountedRunAtOnce(_ name: String) async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let cache = state.home.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try #require(mkfifo(cache.appendingPathComponent(name).path, 0o600) == 0)

        let daily = await (try state.start(["daily", "--date", "20230818"])).finished(limit: Backstop.seconds)
        Self.expectOneLineFailure(daily, status: 73, mentioning: [name, "it is a FIFO, not a regular file", "no request was sent"])
        if name == "quota.json" {
            let quota = await (try state.start(["quota"])).finished(limit: Backstop.seconds)
            Self.expectOneLineFailure(quota, status: 73, mentioning: [name, "it is a FIFO, not a regular file"])
        }
        let (session, input) = try state.startConversation(["mcp"])
        try input.write(contentsOf: Self.handshake + Self.dailyCall(id: 2, date: "20230818"))
        let answer = await Self.awaitAnswers([2], from: session, seconds: Backstop.seconds)?[2]
        try input.close()
        _ = await session.finished(limit: Backstop.seconds)
        let (isError, text) = Self.toolText(answer)
        #expect(isError && text.contains("it is a FIFO, not a regular file"), "\(text)")
        #expect(server.requestCount == 0)
    }

    // MARK: A lock another process holds

    @Test func aLockHeldPastTheTimeoutEndsTheRunNamingItsHolder() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let lock = try LedgerLock(state)
        let run = try await (state.start(["daily", "--date", "20230818", "--timeout", "2"])).finished(limit: Backstop.seconds)
        lock.release()
        #expect(run.status == 73 && run.stdout.isEmpty, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Waiting for the quota ledger, locked by \(LedgerLock.holderName)…",
                "Error: The call count in \(state.home.path)/cache/quota.json stayed locked by \(LedgerLock.holderName) for 2 s, so no request was sent: an uncounted call could pass the daily limit. Let that process finish, raise --timeout, or pass --ignore-quota.",
            ], "\(run.stderr)")
        #expect(server.requestCount == 0)
        #expect(Self.ledgerCount(state) == nil, "nothing counted")
    }

    @Test func aLockLetGoBeforeTheTimeoutLetsTheRunGoOn() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let lock = try LedgerLock(state)
        let running = try state.start(["daily", "--date", "20230818", "--timeout", "600"])
        let waiting = "Waiting for the quota ledger, locked by \(LedgerLock.holderName)…\n"
        #expect(await running.stderrShows(waiting, seconds: Backstop.seconds), "the run did not say it waits: \(running.stderr)")
        #expect(server.requestCount == 0, "no request while the ledger is locked")
        lock.release()
        let run = await running.finished()
        #expect(run.status == 0 && !run.stdout.isEmpty, "\(run.stderr)")
        #expect(run.stderr == waiting)
        #expect(server.requestCount == 1)
        #expect(Self.ledgerCount(state) == 1)
    }
}
