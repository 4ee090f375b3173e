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

        func make() -> any HTTPDataLoading {
            switch self {
            case .urlSession: URLSessionTransport()
            #if os(Linux)
            case .curl: CurlTransport(policy: .api, timeout: 15, libraryPath: nil)
            #else
            case .curl: URLSessionTransport()
            #endif
            }
        }
    }

    static let key = "TRANSPORTKEY-5d1c9e"

    static func client(_ transport: Shipped, kobis: LoopbackServer) throws -> BoxOfficeClient {
        let configuration = ClientConfiguration(kobisKey: key, kobisBaseURL: try #require(URL(string: kobis.baseURL)))
        return BoxOfficeClient(configuration: configuration, loader: transport.make())
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

    @Test(arguments: Shipped.allCases)
    func aCancelledRequestEndsAtOnce(_ transport: Shipped) async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let client = try Self.client(transport, kobis: server)
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let task = Task { try await client.dailyChart(on: day) }
        try await server.waitForRequests(1)
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Within a second on an idle machine. Other suites' blocking waits can hold every thread
        // of the pool for a few seconds, so the bound is the 15 s timeout the old deadline waited
        // out, and the error must be the cancellation, not the timeout.
        #expect(ContinuousClock.now - cancelled < .seconds(14))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(server.requestCount == 1, "nothing was retried")
    }
}
