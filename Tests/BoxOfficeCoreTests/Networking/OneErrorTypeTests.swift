@testable import BoxOfficeCore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Everything the library throws is a `BoxOfficeError`, which an app can switch on.
struct OneErrorTypeTests {
    /// A transport of the app's own, which fails in its own words, quoting the request.
    struct ChattyTransport: HTTPDataLoading {
        struct Failure: Error, CustomStringConvertible {
            let url: URL
            var description: String { "socket gave up on \(url.absoluteString) (Authorization: KakaoAK KAKAOKEY456)" }
        }

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            throw Failure(url: request.url)
        }
    }

    @Test func anErrorOfTheAppsOwnTransportIsWrappedWithBothKeysScrubbed() async throws {
        let client = BoxOfficeClient.testing(ChattyTransport())
        do {
            _ = try await client.dailyChart(on: KSTDate(year: 2023, month: 8, day: 18)!)
            Issue.record("the transport's failure did not reach the app")
        } catch let error as BoxOfficeError {
            guard case .transportFailed(.kobis, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("socket gave up on"), "\(reason)")
            for key in ["TESTKEY123", "KAKAOKEY456"] {
                #expect(!reason.contains(key) && !error.localizedDescription.contains(key), "\(error.localizedDescription)")
            }
        }
    }

    @Test func aRangeThatFailedIsABoxOfficeErrorThatSaysWhichDays() async throws {
        let loader = StubLoader(body: Data(), status: 503)
        let fetcher = ChartFetcher(client: BoxOfficeClient.testing(loader))
        let first = KSTDate(year: 2023, month: 8, day: 17)!
        do {
            _ = try await fetcher.charts(ChartQuery(kind: .daily, dates: [first, first.adding(days: 1)]))
            Issue.record("a range of failures succeeded")
        } catch let error as BoxOfficeError {
            switch error {
            case .rangeFailed(let failure): #expect(failure.failures.map(\.0) == ["2023-08-17", "2023-08-18"], "\(failure)")
            case .rangeAbandoned(let abandoned): #expect(abandoned.total == 2, "\(abandoned)")
            default: Issue.record("\(error)")
            }
            #expect(!error.localizedDescription.contains("BoxOfficeCore."), "\(error.localizedDescription)")
        }
    }
}

/// A trend tells its progress as days done of days in all.
struct TrendProgressTests {
    @Test func eachDayFetchedSaysHowManyAreDoneOfHowMany() async throws {
        let loader = StubLoader(
            try ["kobis/movie-20218541.json", "kobis/daily-20230817.json", "kobis/daily-20230818.json"].map {
                StubLoader.Reply(body: try TestFiles.fixture($0))
            })
        let client = BoxOfficeClient.testing(loader)
        let steps = Mutex<[[Int]]>([])
        let trend = try await client.trend(
            movieCode: "20218541", from: KSTDate(year: 2023, month: 8, day: 17), to: KSTDate(year: 2023, month: 8, day: 18), jobs: 1,
            onDayFetched: { done, total in steps.withLock { $0.append([done, total]) } })
        #expect(trend.days.count == 2)
        #expect(steps.withLock { $0 } == [[1, 2], [2, 2]])
    }
}
