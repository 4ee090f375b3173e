@testable import BoxOfficeCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// A cancelled task stops waiting for its request at once and retries nothing; a request it had
/// handed to the loader stays counted, since the service may have received it.
struct CancellationTests {
    /// A loader that tells when it was asked and then never answers.
    final class SilentLoader: HTTPDataLoading {
        /// Far longer than the client's timeout: the loader outlasts any test that waits for it.
        static let silence: Duration = .seconds(3_600)

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
            try? await Task.sleep(for: Self.silence)
            try? await Task.sleep(for: Self.silence)
            throw NetworkFailure.timedOut
        }
    }

    /// How long the test waits for the cancelled call to end: minutes, where it ends at once, and
    /// far shorter than the client's timeout, which must not be what ends it.
    static let backstop: Duration = .seconds(120)

    /// The loader never answers and the timeout is ten minutes, so only the cancellation can end
    /// the call before the backstop; a call that waited for anything else fails the test, naming it.
    @Test func aCancelledChartEndsAtOnceAndRetriesNothing() async throws {
        let loader = SilentLoader()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ledger = QuotaLedger(file: folder.appendingPathComponent("quota.json"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            timeout: 600, retryPolicy: RetryPolicy(retries: 3, baseDelay: 0.001, maximumDelay: 0.002))
        let client = BoxOfficeClient(configuration: configuration, loader: loader, quota: ledger, now: { now })
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let task = Task { try await client.dailyChart(on: day) }
        var asked = loader.asked.makeAsyncIterator()
        _ = await asked.next()
        #expect(ledger.counts(on: KSTDate.today(at: now))[.kobis] == 1, "counted while in flight")
        task.cancel()
        let (ended, end) = AsyncStream<Result<BoxOfficeChart, any Error>>.makeStream()
        Task { end.yield(await task.result) }
        Task {
            try? await Task.sleep(for: Self.backstop)
            end.finish()
        }
        var endings = ended.makeAsyncIterator()
        let result = try #require(await endings.next(), "the cancelled call had not ended after \(Self.backstop)")
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
