/// Finds posters: Kakao's best portrait image for "<title> 영화 포스터", as the original apps did.
public struct PosterFinder: Sendable {
    let client: BoxOfficeClient

    /// Look-ups run at most this many at a time.
    public static let jobs = 4
    /// Images looked at per movie.
    public static let resultCount = 10

    /// Creates a finder over a client.
    public init(client: BoxOfficeClient) {
        self.client = client
    }

    /// The image search for a title's poster.
    public static func query(for title: String) -> ImageSearchQuery {
        ImageSearchQuery(text: "\(title) 영화 포스터", size: resultCount)
    }

    /// A movie's details and its best poster; no image is `BoxOfficeError.notFound`.
    public func poster(forMovie code: String) async throws -> (movie: MovieDetails, poster: ImageResult) {
        let movie = try await client.movie(code: code)
        guard let best = try await client.searchImages(Self.query(for: movie.title)).bestPoster else {
            throw BoxOfficeError.notFound(.poster(movieCode: code, title: movie.title))
        }
        return (movie, best)
    }

    /// The charts with each movie's poster URL, looked up once per title, a few at a time;
    /// a movie without one gets none.
    public func addPosters(to charts: [BoxOfficeChart], jobs: Int) async throws -> [BoxOfficeChart] {
        let titles = Array(Set(charts.flatMap { $0.entries.map(\.title) })).sorted()
        let client = self.client
        let results = await ConcurrentMap.run(titles, limit: min(jobs, Self.jobs)) { title in
            try await client.searchImages(Self.query(for: title)).bestPoster?.imageURL
        }
        var posters: [String: String] = [:]
        for (title, result) in zip(titles, results) {
            posters[title] = try result.get()
        }
        return charts.map { chart in
            var chart = chart
            chart.entries = chart.entries.map { entry in
                var entry = entry
                entry.posterURL = posters[entry.title]
                return entry
            }
            return chart
        }
    }
}

extension BoxOfficeClient {
    /// A movie's best poster image: Kakao's answer to "<title> 영화 포스터" that looks most like a
    /// poster. Needs both keys; no image is `BoxOfficeError.notFound(.poster(…))`.
    public func poster(forMovie code: String) async throws -> ImageResult {
        try await PosterFinder(client: self).poster(forMovie: code).poster
    }
}
