@testable import BoxOfficeCore
import Foundation
import Synchronization
import Testing

/// A cancelled task stops waiting for its request at once and retries nothing; a request it had
/// handed to the loader stays counted, since the service may have received it.
struct CancellationTests {
    /// A loader that tells when it was asked and then never answers.
    final class SilentLoader: HTTPDataLoading {
        let asked: AsyncStream<Void>
        private let signal: AsyncStream<Void>.Continuation
        private let calls = Mutex(0)

        init() {
            (asked, signal) = AsyncStream.makeStream()
        }

        var callCount: Int { calls.withLock { $0 } }

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            calls.withLock { $0 += 1 }
            signal.yield()
            // Ignores cancellation, as a blocking transport would.
            try? await Task.sleep(for: .seconds(60))
            try? await Task.sleep(for: .seconds(60))
            throw NetworkFailure.timedOut
        }
    }

    @Test func aCancelledChartEndsWithinASecondAndRetriesNothing() async throws {
        let loader = SilentLoader()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = QuotaLedger(file: folder.appendingPathComponent("quota.json"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            timeout: 30, retryPolicy: RetryPolicy(retries: 3, baseDelay: 0.001, maximumDelay: 0.002))
        let client = BoxOfficeClient(configuration: configuration, loader: loader, quota: ledger, now: { now })
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let task = Task { try await client.dailyChart(on: day) }
        var asked = loader.asked.makeAsyncIterator()
        _ = await asked.next()
        #expect(ledger.counts(on: KSTDate.today(at: now))[.kobis] == 1, "counted while in flight")
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Within a second when the machine is idle; the bound only has to be far from the
        // 30-second timeout and the loader's two minutes, which the old deadline waited out.
        #expect(ContinuousClock.now - cancelled < .seconds(10))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(loader.callCount == 1, "no retry after the cancellation")
        #expect(ledger.counts(on: KSTDate.today(at: now))[.kobis] == 1, "a call that may have reached the service stays counted")
    }

    @Test func aTaskCancelledBeforeItsRequestSendsNothing() async throws {
        let loader = SilentLoader()
        let client = BoxOfficeClient.testing(loader)
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.dailyChart(on: day)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(loader.callCount == 0)
    }
}
