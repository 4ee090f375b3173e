@testable import BoxOfficeCore
import Foundation
import Testing

/// A call counts once its request may have left the machine; only a failure that proves it
/// never left gives the call back.
struct QuotaCountingTests {
    /// A loader that fails every request the same way.
    struct FailingLoader: HTTPDataLoading {
        let failure: NetworkFailure

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            throw failure
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let failure: NetworkFailure
        let counts: Bool
        var testDescription: String { "\(failure.reason): \(counts ? "counted" : "given back")" }
    }

    static let cases: [Case] = [
        Case(failure: .connectionRefused, counts: false), Case(failure: .hostNotFound, counts: false),
        Case(failure: .notConnected, counts: false), Case(failure: .invalidRequest, counts: false),
        Case(failure: .untrustedCertificate(.selfSigned), counts: false), Case(failure: .trustedCertificatesUnreadable, counts: false),
        Case(failure: .timedOut, counts: true), Case(failure: .connectionLost, counts: true), Case(failure: .noAnswer, counts: true),
        Case(failure: .secureConnectionFailed, counts: true), Case(failure: .invalidHTTP, counts: true),
        Case(failure: .undecodableBody, counts: true), Case(failure: .other("libcurl error 42"), counts: true),
    ]

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A client that counts its calls in a ledger of its own, in a folder removed with the test.
    static func countingClient(_ loader: any HTTPDataLoading, timeout: Double, in folder: URL) -> (BoxOfficeClient, QuotaLedger) {
        let ledger = QuotaLedger(file: folder.appendingPathComponent("quota.json"))
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            timeout: timeout, retryPolicy: RetryPolicy(retries: 0))
        return (BoxOfficeClient(configuration: configuration, loader: loader, quota: ledger, now: { now }), ledger)
    }

    @Test(arguments: cases)
    func aFailedCallCountsUnlessItsRequestProvablyNeverLeft(_ testCase: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counting-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Self.now
        let (client, ledger) = Self.countingClient(FailingLoader(failure: testCase.failure), timeout: 5, in: folder)
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        await #expect(throws: (any Error).self) { try await client.dailyChart(on: day) }
        #expect(ledger.counts(on: KSTDate.today(at: now))[.kobis] ?? 0 == (testCase.counts ? 1 : 0))
    }

    @Test func aTimedOutCallStaysCounted() async throws {
        let loader = CancellationTests.SilentLoader()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("counting-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Self.now
        let (client, ledger) = Self.countingClient(loader, timeout: 0.2, in: folder)
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        await #expect(throws: BoxOfficeError.timedOut(.kobis, seconds: 0.2)) { try await client.dailyChart(on: day) }
        #expect(loader.callCount == 1)
        #expect(ledger.counts(on: KSTDate.today(at: now))[.kobis] == 1, "the service may have received it")
    }
}
