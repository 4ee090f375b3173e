@testable import BoxOfficeArchive
import Synchronization
import Foundation
import Testing

/// An archive edited by hand to hold figures near the end of Int64: `share` in every format, `top`
/// and the MCP server's `box_office_share` say the total is too large (exit 65, nothing on stdout)
/// rather than trapping, and the server goes on answering.
struct ArchiveBigTotalsEndToEndTests {
    static func editedArchive() async throws -> BinaryRunner {
        let state = BinaryRunner(keys: false)
        let synced = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-20", "--replay", "Fixtures", "-q"])
        try #require(synced.status == 0, "\(synced.stderr)")
        let file = state.home.appendingPathComponent(".local/share/boxoffice/archive.sqlite3").path
        let writer = try SQLiteConnection(path: file, readOnly: false)
        try writer.execute("UPDATE daily_chart SET sales = 5000000000000000000, sales_total = 5000000000000000000 WHERE rank <= 2")
        return state
    }

    @Test func shareAndTopSayTheTotalIsTooLargeInEveryFormat() async throws {
        let state = try await Self.editedArchive()
        for format in ["table", "json", "jsonl", "csv", "tsv", "markdown"] {
            let run = try await state.run(["share", "--from", "2023-08-18", "--to", "2023-08-20", "--format", format])
            #expect(run.status == 65 && run.stdout.isEmpty, "\(format): \(run.status) \(run.stdout)")
            #expect(run.stderr.contains("is too large to count"), "\(format): \(run.stderr)")
        }
        let top = try await state.run(["top", "--from", "2023-08-18", "--to", "2023-08-20", "--by", "sales"])
        #expect(top.status == 65 && top.stdout.isEmpty && top.stderr.contains("is too large to count"), "\(top.status) \(top.stderr)")
    }

    @Test func theMCPServerSaysSoAndGoesOn() async throws {
        let state = try await Self.editedArchive()
        let session = try MCPSession(state)
        session.send(MCPConcurrencyEndToEndTests.initialize)
        _ = await session.answer(to: 1, "initialize")
        session.send(
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"box_office_share","arguments":{"from":"2023-08-18","to":"2023-08-20"}}}"#
        )
        let share = await session.answer(to: 2, "box_office_share")
        let result = try #require(share?["result"] as? [String: Any], "\(String(describing: share))")
        #expect(result["isError"] as? Bool == true, "\(result)")
        #expect("\(result["content"] ?? "")".contains("too large to count"), "\(result)")
        session.send(MCPConcurrencyEndToEndTests.ping(3))
        #expect((await session.answer(to: 3, "a ping after the error")?["result"] as? [String: Any])?.isEmpty == true)
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
    }
}

/// Every answer has a bound, and it covers the whole answer: `archive sql` and `archive_query`
/// bound rows, bytes and time; a tool's answer has a ceiling in bytes and says how to ask for less.
struct AnswerBoundsEndToEndTests {
    static func synced() async throws -> BinaryRunner {
        let state = BinaryRunner(keys: false)
        let synced = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-18", "--replay", "Fixtures", "-q"])
        try #require(synced.status == 0, "\(synced.stderr)")
        return state
    }

    @Test func oneHugeValueIsRefusedAndManyLargeRowsAreCutAtTheByteBound() async throws {
        let state = try await Self.synced()
        let huge = try await state.run(["archive", "sql", "SELECT hex(zeroblob(400000000))"])
        #expect(huge.status == 64 && huge.stdout.isEmpty && huge.stderr.contains("string or blob too big"), "\(huge.status) \(huge.stderr)")
        let many = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000) SELECT x, hex(zeroblob(500000)) AS b FROM c"
        let cut = try await state.run(["archive", "sql", many, "--format", "csv"])
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(cut.stdout.utf8.count <= 4 << 20 + 1_000, "\(cut.stdout.utf8.count) bytes")
        #expect(cut.stdout.split(separator: "\n").count == 5, "a header and four rows of a megabyte")
        #expect(cut.stderr.contains("only the first 4 rows are printed: the next would pass 4,194,304 bytes of values."), "\(cut.stderr)")
    }

    @Test func aToolAnswerPastItsCeilingSaysHowToAskForLess() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let synced = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-18", "--replay", "Fixtures", "-q"])
        try #require(synced.status == 0, "\(synced.stderr)")
        let session = try MCPSession(state)
        session.send(MCPConcurrencyEndToEndTests.initialize)
        _ = await session.answer(to: 1, "initialize")
        session.send(
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"from":"2023-01-01","to":"2023-06-30"}}}"#
        )
        let range = await session.answer(to: 2, "a half-year range")
        let result = try #require(range?["result"] as? [String: Any], "\(String(describing: range))")
        let text = "\(result["content"] ?? "")"
        #expect(result["isError"] as? Bool == true, "\(text.prefix(300))")
        #expect(text.contains("past the 524,288 a tool call answers with; ask for less: a shorter range (from, to)"), "\(text.prefix(300))")
        session.send(
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"archive_query","arguments":{"sql":"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000) SELECT x, hex(zeroblob(100000)) AS b FROM c"}}}"#
        )
        let query = await session.answer(to: 3, "a query of large rows")
        let rows = try #require((query?["result"] as? [String: Any])?["structuredContent"] as? [String: Any], "\(String(describing: query))")
        #expect(rows["truncated"] as? Bool == true && (rows["rows"] as? [Any])?.count == 1, "\((rows["rows"] as? [Any])?.count ?? -1) rows")
        let run = await session.end()
        #expect(run.status == 0, "\(run.stderr)")
    }
}

/// `archive sync --budget N` sends at most N requests, retries included, whatever the server does.
struct SyncBudgetEndToEndTests {
    @Test func retriesNeverSpendPastTheBudget() async throws {
        // Each day's first request is refused (503), the next answered.
        let refused = Mutex<Set<String>>([])
        let server = try LoopbackServer { request in
            let day = request.query["targetDt"] ?? ""
            guard refused.withLock({ $0.insert(day).inserted }) else { return .syntheticDay(request) }
            return StubResponse(status: 503)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run([
            "archive", "sync", "--from", "2023-08-01", "--to", "2023-08-10", "--budget", "5", "--retries", "2", "--no-movies",
        ])
        #expect(server.requests.count == 5, "\(server.requests.count) requests for a budget of 5: \(run.stderr)")
        #expect(run.status != 0, "the third day's retry was not sent, so its failure stands: \(run.stderr)")
    }

    @Test func aBudgetOfNothingSaysSoAndWhenTheQuotaRenews() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["archive", "sync", "--from", "2023-08-01", "--to", "2023-08-05", "--budget", "0"])
        #expect(run.status == 75 && server.requests.isEmpty, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("A budget of 0 calls sends nothing") && run.stderr.contains("renews at midnight in Seoul"), "\(run.stderr)")
        #expect(run.stderr.contains("about 1 more night at 2,900 calls a night"), "\(run.stderr)")
    }
}
