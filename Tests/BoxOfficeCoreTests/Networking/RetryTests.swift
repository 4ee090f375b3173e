@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing
import Synchronization

struct RetryTests {
    let day = KSTDate(year: 2023, month: 8, day: 18)!

    func fixture() throws -> Data { try TestFiles.fixture("kobis/daily-20230818.json") }

    @Test func serverErrorThenSuccessTakesTwoRequests() async throws {
        let loader = StubLoader([.init(status: 500, body: Data("oops".utf8)), .init(body: try fixture())])
        let chart = try await BoxOfficeClient.testing(loader, retries: 2).dailyChart(on: day)
        #expect(chart.entries.count == 10)
        #expect(loader.requests.count == 2)
    }

    @Test func unavailableForeverGivesUpAfterRetriesPlusOne() async throws {
        let loader = StubLoader([.init(status: 503, body: Data())])
        await #expect(throws: BoxOfficeError.serverError(.kobis, status: 503, attempts: 3)) {
            try await BoxOfficeClient.testing(loader, retries: 2).dailyChart(on: day)
        }
        #expect(loader.requests.count == 3)
    }

    @Test func faultsAndBadRequestsAreNeverRetried() async throws {
        let fault = StubLoader(body: try TestFiles.fixture("errors/kobis-fault-320010.json"))
        _ = try? await BoxOfficeClient.testing(fault, retries: 2).dailyChart(on: day)
        #expect(fault.requests.count == 1)
        let badRequest = StubLoader(body: Data(), status: 400)
        _ = try? await BoxOfficeClient.testing(badRequest, retries: 2).dailyChart(on: day)
        #expect(badRequest.requests.count == 1)
    }

    /// Each odd `Retry-After` under the shipped cap of 30 s: the wait the client chooses, read
    /// from its event (nil: the header is ignored and the backoff of at most 2 ms is drawn), and
    /// the wait itself cancelled, so that a value the cap missed would show as a number, not a stall.
    @Test(
        arguments: [("nan", nil), ("1e400", nil), ("99999999999999999999", 30), ("-5", 0), ("soon", nil), ("Wed, 21 Oct 2015 07:28:00 GMT", 0)]
            as [(String, Double?)])
    func oddRetryAfterValuesNeverTrapOrStall(_ value: String, expected: Double?) async throws {
        let loader = StubLoader([.init(status: 429, body: Data(), headers: ["Retry-After": value]), .init(body: try fixture())])
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            retryPolicy: RetryPolicy(retries: 1, baseDelay: 0.001, maximumDelay: 0.002))
        let (delays, announce) = AsyncStream.makeStream(of: Double.self)
        let client = BoxOfficeClient(
            configuration: configuration, loader: loader, now: { Date(timeIntervalSince1970: 1_700_000_000) },
            onEvent: { event in
                if case .retrying(_, _, _, let delay) = event { announce.yield(delay) }
            })
        let fetch = Task { try await client.dailyChart(on: day) }
        var iterator = delays.makeAsyncIterator()
        let delay = try #require(await iterator.next())
        fetch.cancel()
        if let expected {
            #expect(delay == expected, "Retry-After: \(value)")
        } else {
            #expect((0...0.002).contains(delay), "Retry-After: \(value) gave \(delay) s")
        }
    }

    @Test func retryAfterIsCappedAndNeverNegative() {
        let policy = RetryPolicy(retries: 2)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 3_600) == 30)
        #expect(policy.delay(beforeRetry: 1, retryAfter: -3) == 0)
        #expect(policy.delay(beforeRetry: 1, retryAfter: .nan) <= 0.5)
        for retry in 1...10 {
            #expect((0...8).contains(policy.delay(beforeRetry: retry, retryAfter: nil)))
        }
    }

    @Test func throttledRequestHonoursRetryAfter() async throws {
        let loader = StubLoader([.init(status: 429, body: Data(), headers: ["Retry-After": "0.02"]), .init(body: try fixture())])
        let delays = Mutex<[Double]>([])
        // A backoff of 20 to 60 s would be drawn without the header; the server's 0.02 s must win.
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            retryPolicy: RetryPolicy(retries: 1, baseDelay: 20, maximumDelay: 60, maximumRetryAfter: 30))
        let client = BoxOfficeClient(
            configuration: configuration, loader: loader,
            onEvent: { event in
                if case .retrying(_, _, _, let delay) = event { delays.withLock { $0.append(delay) } }
            })
        _ = try await client.dailyChart(on: day)
        #expect(loader.requests.count == 2)
        #expect(delays.withLock { $0 } == [0.02])
    }

    @Test func everyFailureOnTheWireIsRetriedOrReportedAsItShouldBe() {
        let retried: [NetworkFailure] = [.timedOut, .connectionRefused, .connectionLost, .noAnswer, .other("libcurl error 42")]
        let reported: [(NetworkFailure, BoxOfficeError)] = [
            (
                .invalidHTTP,
                .malformedResponse(.kobis, expected: "a valid HTTP answer", detail: "its status line or headers are not valid HTTP or are too large")
            ),
            (.undecodableBody, .malformedResponse(.kobis, expected: "a valid HTTP answer", detail: "its body's compression cannot be decoded")),
            (.hostNotFound, .unreachable(.kobis, host: "kobis.test", reason: "the host name could not be resolved")),
            (.notConnected, .unreachable(.kobis, host: "kobis.test", reason: "no network connection")),
            (.secureConnectionFailed, .unreachable(.kobis, host: "kobis.test", reason: "the secure connection failed")),
            (
                .untrustedCertificate(.anotherName),
                .unreachable(.kobis, host: "kobis.test", reason: "the server's certificate is not trusted (it is for another name)")
            ),
            (.trustedCertificatesUnreadable, .unreachable(.kobis, host: "kobis.test", reason: "the certificates to trust could not be read")),
            (.invalidRequest, .unreachable(.kobis, host: "kobis.test", reason: "the request could not be sent as given")),
        ]
        for failure in retried {
            let classified = BoxOfficeClient.classify(failure, service: .kobis, host: "kobis.test", timeout: 5, redactor: SecretRedactor(secrets: []))
            #expect(classified is TransientFailure, "\(failure)")
        }
        for (failure, error) in reported {
            let classified = BoxOfficeClient.classify(failure, service: .kobis, host: "kobis.test", timeout: 5, redactor: SecretRedactor(secrets: []))
            // The English sentence, whole; the reason is the failure's own, in both languages.
            #expect((classified as? BoxOfficeError)?.message == error.message, "\(failure)")
        }
        let late =
            BoxOfficeClient.classify(NetworkFailure.timedOut, service: .kobis, host: "kobis.test", timeout: 5, redactor: SecretRedactor(secrets: []))
            as? TransientFailure
        #expect(late?.error == .timedOut(.kobis, seconds: 5))
        let unnamed =
            BoxOfficeClient.classify(
                NetworkFailure.other("libcurl error 42"), service: .kobis, host: "kobis.test", timeout: 5, redactor: SecretRedactor(secrets: []))
            as? TransientFailure
        #expect(unnamed?.error == .unreachable(.kobis, host: "kobis.test", reason: "libcurl error 42"))
    }

    @Test func backoffStaysUnderItsCeiling() {
        let policy = RetryPolicy()
        for retry in 1...8 {
            let delay = policy.delay(beforeRetry: retry, retryAfter: nil)
            #expect(delay >= 0 && delay <= min(8, 0.5 * pow(2, Double(retry - 1))))
        }
        #expect(policy.delay(beforeRetry: 1, retryAfter: 120) == 30)
        #expect(policy.delay(beforeRetry: 1, retryAfter: 3) == 3)
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let url = URL(string: "https://kobis.test")!
        let seconds = HTTPResponse(url: url, statusCode: 429, headerFields: ["Retry-After": "7"])
        #expect(BoxOfficeClient.retryAfter(seconds, now: now) == 7)
        let date = HTTPResponse(url: url, statusCode: 429, headerFields: ["retry-after": "Tue, 14 Nov 2023 22:13:30 GMT"])
        #expect(BoxOfficeClient.retryAfter(date, now: now) == 10)
        for obsolete in ["Tuesday, 14-Nov-23 22:13:30 GMT", "Tue Nov 14 22:13:30 2023"] {
            let response = HTTPResponse(url: url, statusCode: 429, headerFields: ["Retry-After": obsolete])
            #expect(BoxOfficeClient.retryAfter(response, now: now) == 10, "\(obsolete)")
        }
        for unreadable in [
            "Tue, 14 Nov 2023 22:13:30 UTC", "tue, 14 Nov 2023 22:13:30 GMT", "Tue, 31 Nov 2023 22:13:30 GMT",
            "Tue, 14 Nov 2023 24:13:30 GMT", "Tue, 14 Nov 2023 22:13 GMT", "Tuesday, 14-Nov-23 22:13:30 UTC",
            "Tue,  14 Nov 2023 22:13:30 GMT", "Tue, +4 Nov 2023 22:13:30 GMT", "soon",
        ] {
            let response = HTTPResponse(url: url, statusCode: 429, headerFields: ["Retry-After": unreadable])
            #expect(BoxOfficeClient.retryAfter(response, now: now) == nil, "\(unreadable)")
        }
    }
}
