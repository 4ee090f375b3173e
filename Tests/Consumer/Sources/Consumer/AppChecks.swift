import BoxOfficeCore
import BoxOfficeURLSession
import Foundation

/// What an app meets, each check one line the test reads: cancellation, one error type, answers
/// read off the main actor, models that round-trip, transport options, one call where one is
/// enough. The answers are the repository's fixtures, replayed; nothing goes to a network.
enum AppChecks {
    static let kobisKey = "consumer-kobis-key-7f3a"
    static let kakaoKey = "consumer-kakao-key-91c2"

    static func client(loader: any HTTPDataLoading, fixtures: URL? = nil) -> BoxOfficeClient {
        let configuration = ClientConfiguration(kobisKey: kobisKey, kakaoKey: kakaoKey, retryPolicy: RetryPolicy(retries: 0))
        let middlewares: [any LoaderMiddleware] = [TracingMiddleware(traceID: "consumer")] + (fixtures.map { [Replayer(directory: $0)] } ?? [])
        return BoxOfficeClient(configuration: configuration, loader: loader, middlewares: middlewares)
    }

    /// Waits until cancelled, as a request to a server that never answers would.
    struct Silent: HTTPDataLoading {
        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            try await Task.sleep(for: .seconds(3_600))
            throw NetworkFailure.timedOut
        }
    }

    /// A server's maintenance page where JSON was expected.
    struct Maintenance: HTTPDataLoading {
        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            (Data("<html><body>점검 중</body></html>".utf8), HTTPResponse(url: request.url, statusCode: 200))
        }
    }

    /// A transport of the app's own whose error repeats the request, keys and all.
    struct Leaky: HTTPDataLoading {
        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            throw Failure(description: "proxy refused \(request.url.absoluteString) \(request.value(forHTTPHeaderField: "Authorization") ?? "")")
        }
    }

    static func run(fixtures: URL) async throws -> [String] {
        var lines: [String] = []
        let day = KSTDate(year: 2023, month: 8, day: 18)!

        // 1. Cancelling the task ends the request at once.
        let waiting = Task { try await client(loader: Silent()).dailyChart(on: day) }
        waiting.cancel()
        switch await waiting.result {
        case .success: lines.append("cancel: not cancelled")
        case .failure(let error): lines.append("cancel: \(error is CancellationError ? "CancellationError" : "\(type(of: error))")")
        }

        // 2. An error of the app's own transport is a BoxOfficeError, both keys scrubbed.
        for ask in [
            { try await client(loader: Leaky()).dailyChart(on: day).entries.count },
            { try await client(loader: Leaky()).searchImages(ImageSearchQuery(text: "밀수")).images.count },
        ] {
            do {
                _ = try await ask()
                lines.append("transport: no error")
            } catch let error as BoxOfficeError {
                let text = error.localizedDescription
                let clean = !text.contains(kobisKey) && !text.contains(kakaoKey)
                if case .transportFailed = error {
                    lines.append("transport: transportFailed, keys scrubbed: \(clean)")
                } else {
                    lines.append("transport: \(error)")
                }
            }
        }

        // 3. A main-actor caller gets its model back on the main actor.
        let replayed = client(loader: Silent(), fixtures: fixtures)
        let movie = try await MovieScreen().load(code: "20218541", with: replayed)
        lines.append("main actor: \(movie.title)")

        // 4. What a model encodes, it decodes back equal.
        let chart = try await replayed.dailyChart(on: day)
        let restored = try JSONDecoder().decode(BoxOfficeChart.self, from: JSONEncoder().encode(chart))
        let report = try await replayed.report(on: day)
        let restoredReport = try JSONDecoder().decode(DailyReport.self, from: JSONEncoder().encode(report))
        lines.append("round-trip: chart \(restored == chart), report \(restoredReport == report)")

        // 5. Transport options: an app's own configuration, a middleware, progress of a range.
        _ = URLSessionTransport(configuration: .ephemeral)
        let progress = Progress()
        let trend = try await replayed.trend(movieCode: "20218541", from: KSTDate(year: 2023, month: 8, day: 11), to: day) { done, total in
            await progress.note(done, total)
        }
        lines.append("trend: \(trend.days.count) days, progress \(await progress.last)")

        // 6. A poster for a movie at hand costs one Kakao call.
        let before = replayed.requestsSent
        let poster = try await replayed.poster(for: movie)
        lines.append("poster: \(poster.imageURL.hasPrefix("http") ? "found" : "none") in \(replayed.requestsSent - before) call")
        // 7. An error read whole in the app's language: asked for Korean, and as the process's
        // locale says once the app has set it (gettext's way; Foundation on Linux says en_001).
        do {
            _ = try await client(loader: Maintenance()).dailyChart(on: day)
        } catch let error as BoxOfficeError {
            lines.append("in Korean: " + error.localized(for: Locale(identifier: "ko_KR")))
            setlocale(LC_ALL, "")
            lines.append("described: \(error)")
        }
        return lines
    }
}

/// A view model as an app has one.
@MainActor
final class MovieScreen {
    var title = ""

    func load(code: String, with client: BoxOfficeClient) async throws -> MovieDetails {
        let movie = try await client.movie(code: code)
        title = movie.title
        return movie
    }
}

/// The last progress a range reported.
actor Progress {
    var last = "none"

    func note(_ done: Int, _ total: Int) {
        last = "\(done)/\(total)"
    }
}
