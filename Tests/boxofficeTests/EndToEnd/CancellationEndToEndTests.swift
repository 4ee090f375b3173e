@testable import BoxOfficeCore
import BoxOfficeURLSession
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// Cancelling a request ends its transfer: the server sees the connection closed, rather than a
/// request running on to its own timeout after the caller has gone; and a retry is sent only once
/// the attempt it replaces has closed its connection. Both transports: libcurl and URLSession.
struct CancellationEndToEndTests {
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case curl, urlSession
        var testDescription: String { rawValue }

        func make() -> any HTTPDataLoading {
            switch self {
            case .curl: CurlTransport(policy: .api, timeout: 600, libraryPath: nil, trust: CurlTransport.TrustedCertificates(variable: { _ in nil }))
            case .urlSession: URLSessionTransport(policy: .api, timeout: 600)
            }
        }
    }

    /// A server whose every answer is held back until the client gives up.
    static func silentServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            var held = StubResponse.syntheticDay(request)
            held.delay = .infinity
            return held
        }
    }

    @Test(arguments: Transport.allCases)
    func aCancelledRequestClosesItsConnection(_ transport: Transport) async throws {
        let server = try Self.silentServer()
        defer { server.stop() }
        let loader = transport.make()
        let url = try #require(URL(string: server.baseURL + "/boxoffice/searchDailyBoxOfficeList.json?targetDt=20230818"))
        let request = Task { try await loader.data(for: HTTPRequest(url: url)) }
        #expect(await server.arrivalOfRequests(1))
        request.cancel()
        #expect(await server.closes.reached(1), "the connection stayed open after the cancel")
        let outcome = await request.result
        #expect(throws: (any Error).self) { try outcome.get() }
    }

    @Test(arguments: Transport.allCases)
    func everyTimedOutAttemptClosesItsConnection(_ transport: Transport) async throws {
        let server = try Self.silentServer()
        defer { server.stop() }
        let configuration = ClientConfiguration(
            kobisKey: "KOBISKEY-cancel-3e1f", kobisBaseURL: try #require(URL(string: server.baseURL)), timeout: 0.3,
            retryPolicy: RetryPolicy(retries: 1, baseDelay: 0.001, maximumDelay: 0.002))
        let client = BoxOfficeClient(configuration: configuration, loader: transport.make())
        let fetch = Task { try await client.dailyChart(on: KSTDate(year: 2023, month: 8, day: 18)!) }
        // Each attempt given up at the client's deadline is cancelled, and its connection closed,
        // rather than left open until the transport's own timeout of ten minutes.
        #expect(await server.arrivalOfRequests(2))
        #expect(await server.closes.reached(2), "a timed-out attempt's connection stayed open")
        let outcome = await fetch.result
        #expect(throws: BoxOfficeError.self) { try outcome.get() }
        #expect(server.connectionsOpenAtEachArrival == [0, 0], "the retry was sent while the attempt before it still held its connection")
    }
}
