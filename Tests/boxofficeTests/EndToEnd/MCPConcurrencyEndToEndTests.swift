import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `boxoffice mcp` while calls are in flight. Its loop only reads, dispatches and writes, so a
/// ping is answered and a cancel takes effect while a call's work is stuck (here on the quota
/// ledger's lock, held by another process); calls run eight at a time and the rest wait their
/// turn; and a signal says what was answered.
@Suite struct MCPConcurrencyEndToEndTests {
    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#
    /// As many calls as run at once (`MCPServer.concurrentCalls`, in the README).
    static let concurrentCalls = 8
    /// A request held by the test, however long a loaded machine takes to let it go, neither
    /// times out nor is sent again (which the loopback server would count as another at once).
    static let patient = ["--timeout", "600", "--retries", "0"]

    static func call(_ id: Int, day: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"\#(day)"}}}"#
    }

    static func ping(_ id: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#
    }

    static func cancel(_ id: Int) -> String {
        #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":\#(id),"reason":"test"}}"#
    }

    /// The day a call's chart is of, when it answered with one.
    static func chartDay(_ answer: [String: Any]?) -> String? {
        let result = answer?["result"] as? [String: Any]
        return (result?["structuredContent"] as? [String: Any])?["startDate"] as? String
    }

    /// `count` days from 2023-01-01 on, as YYYYMMDD.
    static func days(_ count: Int) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let first = calendar.date(from: DateComponents(year: 2023, month: 1, day: 1)) ?? Date()
        return (0..<count).map { offset in
            let day = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: offset, to: first) ?? first)
            return String(format: "%04d%02d%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        }
    }

    @Test func aPingIsAnsweredWhileACallWaitsForTheLedgerAnotherProcessHolds() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let lock = try LedgerLock(state)
        let session = try MCPSession(state, arguments: Self.patient)
        session.send(Self.initialize)
        _ = await session.answer(to: 1, "initialize")
        session.send(Self.call(2, day: "20230818"))
        try #require(await session.waitUntilItHasOpen(lock.path), "the call never reached the ledger's lock")

        session.send(Self.ping(3))
        let ping = await session.answer(to: 3, "a ping while a call waits for the ledger")
        #expect((ping?["result"] as? [String: Any])?.isEmpty == true)
        lock.release()
        #expect(Self.chartDay(await session.answer(to: 2, "the call, once the ledger was free")) == "2023-08-18")
        let pingFirst = try #require(session.position(ofAnswerTo: 3)) < (try #require(session.position(ofAnswerTo: 2)))
        #expect(pingFirst, "the ping's answer came after the call it should not have waited for")
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
        BinaryRunner.expectNoKey(run)
    }

    @Test func aCancelTakesEffectWhileACallWaitsForTheLedgerAndLaterCallsWork() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let lock = try LedgerLock(state)
        let session = try MCPSession(state, arguments: Self.patient)
        session.send(Self.initialize, Self.call(2, day: "20230818"))
        try #require(await session.waitUntilItHasOpen(lock.path), "the call never reached the ledger's lock")

        // Lines are read in order: once the ping after it is answered, the cancel was read too.
        session.send(Self.cancel(2), Self.ping(3))
        #expect(await session.answer(to: 3, "a ping after the cancel, while the call waits") != nil)
        lock.release()
        session.send(Self.call(4, day: "20230817"))
        #expect(Self.chartDay(await session.answer(to: 4, "a call after the cancelled one")) == "2023-08-17")
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(session.position(ofAnswerTo: 2) == nil, "the cancelled call was answered")
    }

    @Test func callsRunEightAtATimeAndACancelledWaitingCallNeverStarts() async throws {
        let gate = Gate()
        let server = try LoopbackServer { request in
            gate.wait()
            return .syntheticDay(request)
        }
        defer { server.stop() }
        let session = try MCPSession(BinaryRunner(kobisURL: server.baseURL), arguments: Self.patient)
        let days = Self.days(Self.concurrentCalls + 2)
        session.send([Self.initialize] + days.prefix(Self.concurrentCalls).enumerated().map { Self.call(2 + $0, day: $1) })
        try #require(await server.arrivalOfRequests(Self.concurrentCalls, seconds: Backstop.seconds), "the first calls never reached the server")

        // Two more wait their turn; a ping is answered meanwhile, and one of them is cancelled.
        let waiting = (first: 2 + Self.concurrentCalls, second: 3 + Self.concurrentCalls)
        session.send(Self.call(waiting.first, day: days[Self.concurrentCalls]), Self.call(waiting.second, day: days[Self.concurrentCalls + 1]))
        session.send(Self.ping(100))
        #expect(await session.answer(to: 100, "a ping while calls run and wait") != nil)
        #expect(server.requestCount == Self.concurrentCalls, "a call started while \(Self.concurrentCalls) were running")
        session.send(Self.cancel(waiting.first), Self.ping(101))
        #expect(await session.answer(to: 101, "a ping after cancelling a waiting call") != nil)

        gate.open()
        for (offset, day) in days.enumerated() where offset != Self.concurrentCalls {
            let expected = "\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2))"
            #expect(Self.chartDay(await session.answer(to: 2 + offset, "the call for \(day)")) == expected)
        }
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(session.position(ofAnswerTo: waiting.first) == nil, "the cancelled call was answered")
        let cancelledDay = days[Self.concurrentCalls]
        #expect(!server.requests.contains { $0.query["targetDt"] == cancelledDay }, "the cancelled call started")
        #expect(server.mostConcurrentRequests == Self.concurrentCalls)
    }

    @Test func twoHundredCallsAtOnceAreAllAnsweredEightAtATimeWithFewDescriptors() async throws {
        let gate = Gate()
        let server = try LoopbackServer { request in
            gate.wait()
            return .syntheticDay(request)
        }
        defer { server.stop() }
        // Two hundred calls all in flight took some 500 descriptors, and each past the limit
        // failed; eight take about 30.
        let session = try MCPSession(BinaryRunner(kobisURL: server.baseURL), arguments: Self.patient, descriptorLimit: 128)
        let days = Self.days(200)
        session.send([Self.initialize] + days.enumerated().map { Self.call(2 + $0, day: $1) })
        try #require(await server.arrivalOfRequests(Self.concurrentCalls, seconds: Backstop.seconds), "the first calls never reached the server")
        // Lines are read in order: once this ping is answered, every call has been read.
        session.send(Self.ping(1_000))
        #expect(await session.answer(to: 1_000, "a ping after two hundred calls") != nil)
        #expect(server.requestCount == Self.concurrentCalls, "more than \(Self.concurrentCalls) calls started at once")

        gate.open()
        var failures: [String] = []
        for (offset, day) in days.enumerated() {
            let answer = await session.answer(to: 2 + offset, "the call for \(day)")
            if (answer?["result"] as? [String: Any])?["isError"] as? Bool != false || Self.chartDay(answer) == nil {
                failures.append("\(day): \(String(describing: answer).prefix(300))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) calls failed: \(failures.prefix(3))")
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requestCount == days.count)
        #expect(server.mostConcurrentRequests == Self.concurrentCalls)
    }

    @Test func anInterruptSaysWhatWasAnsweredAndWhatWasNot() async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let session = try MCPSession(BinaryRunner(kobisURL: server.baseURL), arguments: Self.patient)
        session.send(Self.initialize, Self.ping(2), Self.call(3, day: "20230818"))
        _ = await session.answer(to: 2, "a ping")
        try #require(await server.arrivalOfRequests(1, seconds: Backstop.seconds), "the call never reached the server")
        kill(session.processIdentifier, SIGINT)
        let run = await session.end()
        #expect(run.status == 130)
        #expect(run.stderr == "Error: Stopped by SIGINT (Ctrl-C); 2 requests were answered and 1 call was left unanswered.\n")
        #expect(run.stdout.split(separator: "\n").count == 2)
    }
}
