@testable import BoxOfficeArchive
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
