import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A server that sends figures no box office can have, or more rows than a chart holds, gets a
/// malformed-answer error: never a trap, a runaway or an answer kept in the cache.
@Suite(.serialized)
struct HostileFiguresEndToEndTests {
    static let report = ["report", "--date", "20230818"]

    /// The requested day's chart with one field of its first movie set to `value`.
    static func chart(_ request: RecordedRequest, field: String, value: String) -> StubResponse {
        var response = StubResponse.syntheticDay(request)
        let text = String(decoding: response.body, as: UTF8.self)
        guard let range = text.range(of: #""\#(field)":"[^"]*""#, options: .regularExpression) else { return response }
        response.body = Data(text.replacingCharacters(in: range, with: #""\#(field)":"\#(value)""#).utf8)
        return response
    }

    static func cacheEntry(_ state: BinaryRunner, _ name: String) -> URL {
        state.home.appendingPathComponent("cache/responses/kobis/\(name).json")
    }

    @Test(arguments: [("audiCnt", "9000000000000000000"), ("audiAcc", "9000000000000000000"), ("audiCnt", "-900000000000000000")])
    func aFigurePastWhatJSONCarriesIsMalformedAndNeverCached(field: String, value: String) async throws {
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20230818" ? Self.chart(request, field: field, value: value) : .syntheticDay(request)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(Self.report)
        BinaryRunner.expectFailure(run, status: 65, mentioning: [field, "not a count JSON can carry exactly"])
        #expect(!FileManager.default.fileExists(atPath: Self.cacheEntry(state, "daily-20230818").path), "the bad answer was cached")
        #expect(FileManager.default.fileExists(atPath: Self.cacheEntry(state, "daily-20230817").path), "good days are cached")
        let daily = try await state.run(["daily", "--date", "20230818"])
        #expect(daily.status == 65, "asked again, not answered from the cache: \(daily.stderr)")
    }

    @Test func theLargestFiguresStillMakeAReportInConstantMemory() async throws {
        let largest = String(1 << 53)
        let server = try LoopbackServer { request in
            guard request.query["targetDt"] == "20230818" else { return Self.chart(request, field: "audiCnt", value: "-" + largest) }
            var response = Self.chart(request, field: "audiAcc", value: largest)
            let text = String(decoding: response.body, as: UTF8.self)
            response.body = Data(text.replacingOccurrences(of: #""audiCnt":"112934""#, with: #""audiCnt":"\#(largest)""#).utf8)
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let (run, peak) = try await state.runMeasuringMemory(Self.report + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(peak < 64, "peak \(peak) MiB")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let milestones = try #require(object["milestones"] as? [[String: Any]]).filter { $0["code"] as? String == "20226411" }
        #expect(milestones.count == 1 && (milestones.first?["milestone"] as? Int64) == 9_007_199_250_000_000, "\(milestones)")
    }

    @Test func aChartOfMoreThanTenMoviesIsMalformedAndARangeStaysSmall() async throws {
        let fixture = try String(
            contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json"), encoding: .utf8)
        guard let open = fixture.range(of: "\"dailyBoxOfficeList\":["), let close = fixture.range(of: "]}}", options: .backwards) else {
            Issue.record("the fixture changed shape")
            return
        }
        let rows = String(fixture[open.upperBound..<close.lowerBound])
        // About 2 MiB a day, 4,000 rows: 31 of them held at once would be hundreds of MiB.
        let bloated =
            String(fixture[..<open.upperBound]) + Array(repeating: rows, count: 400).joined(separator: ",") + String(fixture[close.lowerBound...])
        let server = try LoopbackServer { request in StubResponse.relabelled(body: bloated, for: request) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let (run, peak) = try await state.runMeasuringMemory(["daily", "--from", "20230801", "--to", "20230831", "--format", "csv"])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["31 of 31", "at most 10"])
        #expect(server.requestCount == 31)
        #expect(peak < 200, "peak \(peak) MiB")
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: state.home.appendingPathComponent("cache/responses/kobis").path)) ?? []
        #expect(cached.isEmpty, "\(cached)")
    }

    @Test func anEmptyChartOfASettledDayIsAnAnswerAndCached() async throws {
        let server = try LoopbackServer { request in StubResponse.relabelled("errors/daily-empty-list.json", for: request) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let first = try await state.run(["daily", "--date", "20230818", "--region", "seoul"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await state.run(["daily", "--date", "20230818", "--region", "seoul"])
        #expect(second.status == 0 && second.stdout == first.stdout, "\(second.stderr)")
        #expect(server.requestCount == 1, "the settled empty chart was asked for again")
        let yesterday = CronEndToEndTests.seoulDay(daysAgo: 1).compact
        for _ in 0..<2 {
            let recent = try await state.run(["daily", "--date", yesterday])
            #expect(recent.status == 75 && recent.stdout.isEmpty, "\(recent.stderr)")
        }
        #expect(server.requestCount == 3, "an empty chart of yesterday may not be published yet: never cached")
    }
}

/// Runs of `boxoffice` that share a quota ledger together never send more than the limit.
@Suite(.serialized)
struct ConcurrentQuotaEndToEndTests {
    static func ledgerCount(_ state: BinaryRunner) -> Int? {
        let file = state.home.appendingPathComponent("cache/quota.json")
        guard let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let calls = object["calls"] as? [String: Any]
        else { return nil }
        return calls["kobis"] as? Int
    }

    /// Starts every run at once and waits for them all.
    static func together(_ state: BinaryRunner, _ argumentLists: [[String]]) async throws -> [BinaryRun] {
        await (try argumentLists.map { try state.start($0) }).wait()
    }

    @Test func tenRangesStartedTogetherStayWithinTheLimit() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try TrustEndToEndTests.setLedger(state, kobisCalls: 2_900)
        // 28 days of each month from January to October 2023: 280 calls wanted, 100 left.
        let ranges = (1...10).map { (month: Int) -> [String] in
            let first: Int = 2023_00_01 + month * 100
            return ["daily", "--from", String(first), "--to", String(first + 27), "--format", "csv"]
        }
        let runs = try await Self.together(state, ranges)
        #expect(server.requestCount <= 100, "\(server.requestCount) requests")
        #expect(Self.ledgerCount(state) == 2_900 + server.requestCount, "the ledger counts exactly what was sent")
        #expect(runs.allSatisfy { $0.status == 0 || $0.status == 75 }, "\(runs.map(\.stderr))")
        #expect(runs.contains { $0.status == 75 }, "280 calls cannot fit in 100")
    }

    @Test func tenSingleDaysAtTheEdgeSendExactlyWhatIsLeft() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try TrustEndToEndTests.setLedger(state, kobisCalls: 2_995)
        let runs = try await Self.together(state, (10..<20).map { ["daily", "--date", "202308\($0)"] })
        #expect(server.requestCount == 5)
        #expect(Self.ledgerCount(state) == 3_000)
        #expect(runs.filter { $0.status == 0 }.count == 5 && runs.filter { $0.status == 75 }.count == 5, "\(runs.map(\.status))")
    }

    @Test func aRunKilledMidRangeLeavesItsSentCallsCounted() async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try TrustEndToEndTests.setLedger(state, kobisCalls: 100)
        // Nothing is answered and the timeout is ten minutes: the four calls on the wire are the
        // only ones, however late the kill comes.
        let running = try state.start(["daily", "--from", "20230801", "--to", "20230831", "--jobs", "4", "--timeout", "600"])
        try await server.waitForRequests(4, from: running)
        kill(running.processIdentifier, SIGKILL)
        _ = await running.wait()
        #expect(server.requestCount == 4)
        #expect(Self.ledgerCount(state) == 104)
    }

    @Test func aLedgerThatCannotBeWrittenStopsTheRunBeforeItsRequest() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try FileManager.default.createDirectory(at: state.home.appendingPathComponent("cache/quota.json"), withIntermediateDirectories: true)
        let run = try await state.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 73, mentioning: ["quota.json", "no request was sent", "--ignore-quota"])
        #expect(server.requestCount == 0)
        let forced = try await state.run(["daily", "--date", "20230818", "--ignore-quota"])
        #expect(forced.status == 0 && !forced.stdout.isEmpty, "\(forced.stderr)")
        #expect(server.requestCount == 1)
    }
}

extension StubResponse {
    /// A daily chart body of our own, its `showRange` made the requested day.
    static func relabelled(body: String, for request: RecordedRequest) -> StubResponse {
        let day = request.query["targetDt"] ?? ""
        guard let range = body.range(of: #""showRange":"[0-9]{8}~[0-9]{8}""#, options: .regularExpression) else { return .json(body) }
        return .json(body.replacingCharacters(in: range, with: #""showRange":"\#(day)~\#(day)""#))
    }
}
