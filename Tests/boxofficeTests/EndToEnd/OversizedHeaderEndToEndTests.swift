import Foundation
import Testing

/// A server that answers with headers no API sends: a malformed answer (exit 65), asked once.
@Suite(.serialized)
struct OversizedHeaderEndToEndTests {
    /// 80 KiB passes libcurl's own limit for a line and meets ours for the block; 8 MiB in one
    /// line meets libcurl's, which it reports as out of memory.
    @Test(arguments: [80 * 1024, 8 * 1024 * 1024])
    func hugeHeadersAreAMalformedAnswerNeverRetried(_ size: Int) async throws {
        let kobis = try LoopbackServer { _ in
            var response = StubResponse.fixture("kobis/daily-20230818.json")
            response.headers["X-Huge"] = String(repeating: "a", count: size)
            return response
        }
        defer { kobis.stop() }
        let run = try await BinaryRunner(kobisURL: kobis.baseURL).run(["daily", "--date", "20230818", "--retries", "2"])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["KOBIS", "headers"])
        #expect(kobis.requestCount == 1, "a malformed answer is not asked for again")
    }

    @Test func headersUnderTheLimitAreAnAnswer() async throws {
        let kobis = try LoopbackServer { _ in
            var response = StubResponse.fixture("kobis/daily-20230818.json")
            response.headers["X-Large"] = String(repeating: "a", count: 60 * 1024)
            return response
        }
        defer { kobis.stop() }
        let run = try await BinaryRunner(kobisURL: kobis.baseURL).run(["daily", "--date", "20230818"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
    }
}
