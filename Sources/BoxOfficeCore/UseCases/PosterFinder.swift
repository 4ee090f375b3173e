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

    /// A movie's details and its best poster; no image is `BoxOfficeError.notFound`. Costs a
    /// KOBIS call for the details (none when cached) and a Kakao call for the search.
    public func poster(forMovie code: String) async throws -> (movie: MovieDetails, poster: ImageResult) {
        let movie = try await client.movie(code: code)
        return (movie, try await poster(for: movie))
    }

    /// The best poster of a movie the app already holds: one Kakao call (none when cached).
    public func poster(for movie: MovieDetails) async throws -> ImageResult {
        guard let best = try await client.searchImages(Self.query(for: movie.title)).bestPoster else {
            throw BoxOfficeError.notFound(.poster(movieCode: movie.code, title: movie.title))
        }
        return best
    }

    /// The charts with each movie's poster URL, looked up once per title, a few at a time;
    /// a movie without one gets none.
    public func addPosters(to charts: [BoxOfficeChart], jobs: Int) async throws -> [BoxOfficeChart] {
        var book = PosterBook()
        try await book.lookUp(charts.flatMap { $0.entries.map(\.title) }, finder: self, jobs: jobs)
        return charts.map(book.withPosters)
    }
}

/// The posters found so far, by title: charts that come one at a time (a range written as it
/// arrives) look up each title once.
struct PosterBook {
    private var posters: [String: String] = [:]
    private var lookedUp: Set<String> = []

    /// The chart with each movie's poster, looking up the titles not seen before.
    mutating func addPosters(to chart: BoxOfficeChart, finder: PosterFinder, jobs: Int) async throws -> BoxOfficeChart {
        try await lookUp(chart.entries.map(\.title), finder: finder, jobs: jobs)
        return withPosters(chart)
    }

    /// Looks up the titles not seen before, a few at a time.
    mutating func lookUp(_ titles: [String], finder: PosterFinder, jobs: Int) async throws {
        let new = Set(titles).subtracting(lookedUp).sorted()
        let client = finder.client
        let results = await ConcurrentMap.run(new, limit: min(jobs, PosterFinder.jobs)) { title in
            try await client.searchImages(PosterFinder.query(for: title)).bestPoster?.imageURL
        }
        for (title, result) in zip(new, results) {
            posters[title] = try result.get()
            lookedUp.insert(title)
        }
    }

    /// The chart with each movie's poster found so far; a movie without one gets none.
    func withPosters(_ chart: BoxOfficeChart) -> BoxOfficeChart {
        var chart = chart
        chart.entries = chart.entries.map { entry in
            var entry = entry
            entry.posterURL = posters[entry.title]
            return entry
        }
        return chart
    }
}

extension BoxOfficeClient {
    /// A movie's best poster image: Kakao's answer to "<title> 영화 포스터" that looks most like a
    /// poster. Needs both keys and costs two calls, a KOBIS one for the title (none when cached)
    /// and a Kakao search; no image is `BoxOfficeError.notFound(.poster(…))`.
    public func poster(forMovie code: String) async throws -> ImageResult {
        try await PosterFinder(client: self).poster(forMovie: code).poster
    }

    /// The best poster of a movie the app already holds: one Kakao call, none when cached.
    public func poster(for movie: MovieDetails) async throws -> ImageResult {
        try await PosterFinder(client: self).poster(for: movie)
    }
}
