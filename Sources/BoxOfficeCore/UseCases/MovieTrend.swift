/// A movie's run, a day a row: its line of each day's chart, nothing where it was outside the top 10.
/// It encodes as `boxoffice trend --format json` prints it.
public struct MovieTrend: Sendable, Hashable, Identifiable {
    /// The KOBIS movie code.
    public var code: String
    /// The Korean title.
    public var title: String
    /// The days, oldest first.
    public var days: [Day]

    /// The KOBIS movie code.
    public var id: String { code }

    /// One day of the run.
    public struct Day: Sendable, Hashable {
        /// The day.
        public var date: KSTDate
        /// The movie's line in that day's chart; nil when it was outside the top 10.
        public var entry: ChartEntry?

        /// Creates a day.
        public init(date: KSTDate, entry: ChartEntry? = nil) {
            self.date = date
            self.entry = entry
        }
    }

    /// Creates a run.
    public init(code: String, title: String, days: [Day] = []) {
        self.code = code
        self.title = title
        self.days = days
    }
}

extension BoxOfficeClient {
    /// A movie's run from the daily charts: the days `RangeRules.trendDays(from:to:movie:yesterday:)`
    /// chooses, fetched `jobs` at a time; cached days cost nothing. `onDayFetched` is called as each
    /// day arrives with the number of days in all, for progress. A range the rules refuse throws
    /// `BoxOfficeError.invalidRange` before any request (one that ends before the opening, once
    /// the movie's details are known, before any chart is asked for).
    public func trend(
        movieCode code: String, from: KSTDate? = nil, to: KSTDate? = nil, jobs: Int = ChartQuery.defaultJobs,
        onDayFetched: @escaping @Sendable (_ daysInAll: Int) async -> Void = { _ in }
    ) async throws -> MovieTrend {
        try await fetchTrend(movieCode: code, from: from, to: to, jobs: jobs, keepingGoing: false, onDayFetched: onDayFetched).trend
    }

    /// The run as `trend` reads it, going on past the days whose chart could not be fetched: those
    /// are left out of `days` and listed in `missing`. A run of which no day arrived is thrown as
    /// `trend` throws it.
    public func availableTrend(
        movieCode code: String, from: KSTDate? = nil, to: KSTDate? = nil, jobs: Int = ChartQuery.defaultJobs,
        onDayFetched: @escaping @Sendable (_ daysInAll: Int) async -> Void = { _ in }
    ) async throws -> (trend: MovieTrend, missing: [MissingChart]) {
        try await fetchTrend(movieCode: code, from: from, to: to, jobs: jobs, keepingGoing: true, onDayFetched: onDayFetched)
    }

    private func fetchTrend(
        movieCode code: String, from: KSTDate?, to: KSTDate?, jobs: Int, keepingGoing: Bool,
        onDayFetched: @escaping @Sendable (_ daysInAll: Int) async -> Void
    ) async throws -> (trend: MovieTrend, missing: [MissingChart]) {
        let yesterday = KSTDate.today(at: now()).adding(days: -1)
        _ = try RangeRules.trendDays(from: from, to: to, yesterday: yesterday)
        let movie = try await movie(code: code)
        let dates = try RangeRules.trendDays(from: from, to: to, movie: movie, yesterday: yesterday)
        let total = dates.count
        let query = ChartQuery(kind: .daily, dates: dates, jobs: jobs)
        // Only the movie's entry of each day is kept, not the day's chart.
        var days: [MovieTrend.Day] = []
        let missing = try await ChartFetcher(client: self).forEachChart(
            query, keepingGoing: keepingGoing, onChartFetched: { await onDayFetched(total) }
        ) { chart in
            if case .fetched(let chart) = chart {
                days.append(MovieTrend.Day(date: chart.startDate, entry: chart.entries.first { $0.code == movie.code }))
            }
        }
        return (MovieTrend(code: movie.code, title: movie.title, days: days), missing)
    }
}

extension MovieTrend: Encodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, title, days
    }

    /// `{"code", "title", "days": [{"date", "rank", "audience", "audienceTotal", "salesShare", "screens", "shows"}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(days, forKey: .days)
    }
}

extension MovieTrend.Day: Encodable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case date, rank, audience, audienceTotal, salesShare, screens, shows
    }

    /// The day and the movie's figures that day, all `null` on a day outside the top 10:
    /// `{"date", "rank", "audience", "audienceTotal", "salesShare", "screens", "shows"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(entry?.rank, forKey: .rank)
        try container.encode(entry?.audience, forKey: .audience)
        try container.encode(entry?.audienceTotal, forKey: .audienceTotal)
        try container.encode(entry?.salesShare, forKey: .salesShare)
        try container.encode(entry?.screens, forKey: .screens)
        try container.encode(entry?.shows, forKey: .shows)
    }
}

extension MovieTrend {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .title: .string
        case .days: .array(Day.jsonSchema)
        }
    }
}

extension MovieTrend.Day {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .date: .date
        case .rank, .audience, .audienceTotal, .screens, .shows: .nullable(.integer)
        case .salesShare: .nullable(.number)
        }
    }
}
