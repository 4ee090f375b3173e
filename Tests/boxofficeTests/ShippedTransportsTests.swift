@testable import BoxOfficeApp
@testable import boxoffice
import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// Both transports that ship, under the client as an app uses them, against the loopback server:
/// a chart, a movie, a redirect to another origin that carries no key, and a cancellation.
struct ShippedTransportsTests {
    enum Shipped: String, CaseIterable, CustomTestStringConvertible {
        case urlSession, curl
        var testDescription: String { rawValue }

        func make(timeout: Double = ClientConfiguration.defaultTimeout) -> any HTTPDataLoading {
            switch self {
            case .urlSession: URLSessionTransport(timeout: timeout)
            #if os(Linux)
            case .curl: CurlTransport(policy: .api, timeout: timeout, libraryPath: nil)
            #else
            case .curl: URLSessionTransport(timeout: timeout)
            #endif
            }
        }
    }

    static let key = "TRANSPORTKEY-5d1c9e"

    static func client(_ transport: Shipped, kobis: LoopbackServer, timeout: Double = ClientConfiguration.defaultTimeout) throws
        -> BoxOfficeClient
    {
        var configuration = ClientConfiguration(kobisKey: key, kobisBaseURL: try #require(URL(string: kobis.baseURL)))
        configuration.timeout = timeout
        return BoxOfficeClient(configuration: configuration, loader: transport.make(timeout: timeout))
    }

    @Test(arguments: Shipped.allCases)
    func aChartAndAMovieArrive(_ transport: Shipped) async throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("searchMovieInfo.json") ? .fixture("kobis/movie-20226411.json") : .syntheticDay(request)
        }
        defer { server.stop() }
        let client = try Self.client(transport, kobis: server)
        let chart = try await client.dailyChart(on: try #require(KSTDate(year: 2023, month: 8, day: 18)))
        #expect(chart.entries.first?.title == "콘크리트 유토피아")
        let movie = try await client.movie(code: "20226411")
        #expect(movie.code == "20226411")
        #expect(server.requests.allSatisfy { $0.query["key"] == Self.key })
    }

    @Test(arguments: Shipped.allCases)
    func aRedirectToAnotherOriginIsRefusedAndCarriesNoKey(_ transport: Shipped) async throws {
        let other = try LoopbackServer { request in .syntheticDay(request) }
        defer { other.stop() }
        let server = try LoopbackServer { request in .redirect(to: other.baseURL + request.target) }
        defer { server.stop() }
        let client = try Self.client(transport, kobis: server)
        let error = await #expect(throws: BoxOfficeError.self) {
            try await client.dailyChart(on: try #require(KSTDate(year: 2023, month: 8, day: 18)))
        }
        guard case .redirectRefused(.kobis, .otherOrigin) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(other.requestCount == 0, "the other origin was asked, with the key")
    }

    /// The server never answers and the timeout is ten minutes, so only the cancellation can end
    /// the request before the backstop; a request that waited for anything else fails the test,
    /// which says what it waited for.
    @Test(arguments: Shipped.allCases)
    func aCancelledRequestEndsAtOnce(_ transport: Shipped) async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let client = try Self.client(transport, kobis: server, timeout: 600)
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let task = Task { try await client.dailyChart(on: day) }
        try await server.waitForRequests(1)
        task.cancel()
        let ended = Event<Result<BoxOfficeChart, any Error>>()
        Task { ended.happen(await task.result) }
        let result = try await ended.value(waitingFor: "the cancelled request to end")
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(server.requestCount == 1, "nothing was retried")
    }
}
