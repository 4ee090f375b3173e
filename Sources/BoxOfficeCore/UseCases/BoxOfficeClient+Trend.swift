import Synchronization

extension BoxOfficeClient {
    /// A movie's run from the daily charts: the days `RangeRules.trendDays(from:to:movie:yesterday:)`
    /// chooses, fetched `jobs` at a time: one call for the movie's details and one a day, cached
    /// answers costing none. `onDayFetched` is called as each day arrives with the days done so
    /// far and the days in all, for progress. A range the rules refuse throws
    /// `BoxOfficeError.invalidRange` before any request (one that ends before the opening, once
    /// the movie's details are known, before any chart is asked for).
    public func trend(
        movieCode code: String, from: KSTDate? = nil, to: KSTDate? = nil, jobs: Int = ChartQuery.defaultJobs,
        onDayFetched: @escaping @Sendable (_ done: Int, _ total: Int) async -> Void = { _, _ in }
    ) async throws -> MovieTrend {
        try await fetchTrend(movieCode: code, from: from, to: to, jobs: jobs, keepingGoing: false, onDayFetched: onDayFetched).trend
    }

    /// The run as `trend` reads it, going on past the days whose chart could not be fetched: those
    /// are left out of `days` and listed in `missing`. A run of which no day arrived is thrown as
    /// `trend` throws it.
    public func availableTrend(
        movieCode code: String, from: KSTDate? = nil, to: KSTDate? = nil, jobs: Int = ChartQuery.defaultJobs,
        onDayFetched: @escaping @Sendable (_ done: Int, _ total: Int) async -> Void = { _, _ in }
    ) async throws -> (trend: MovieTrend, missing: [MissingChart]) {
        try await fetchTrend(movieCode: code, from: from, to: to, jobs: jobs, keepingGoing: true, onDayFetched: onDayFetched)
    }

    private func fetchTrend(
        movieCode code: String, from: KSTDate?, to: KSTDate?, jobs: Int, keepingGoing: Bool,
        onDayFetched: @escaping @Sendable (_ done: Int, _ total: Int) async -> Void
    ) async throws -> (trend: MovieTrend, missing: [MissingChart]) {
        let yesterday = KSTDate.today(at: now()).adding(days: -1)
        _ = try RangeRules.trendDays(from: from, to: to, yesterday: yesterday)
        // An archive that holds the film answers for it with no call.
        var archived: MovieDetails?
        if let archive { archived = try await reading { archive.film(code: code) } }
        let movie: MovieDetails
        if let archived { movie = archived } else { movie = try await self.movie(code: code) }
        let dates = try RangeRules.trendDays(from: from, to: to, movie: movie, yesterday: yesterday)
        let total = dates.count
        // Only the movie's entry of each day is kept, not the day's chart.
        var days: [MovieTrend.Day] = []
        var missing: [MissingChart] = []
        let done = DaysDone()
        // With no last day asked for, the run ends a week after the film left the chart (or
        // never entered it): fetched a batch at a time, so the days after are never asked for.
        let batches = to == nil ? stride(from: 0, to: dates.count, by: jobs).map { Array(dates[$0..<min($0 + jobs, dates.count)]) } : [dates]
        for batch in batches {
            let query = ChartQuery(kind: .daily, dates: batch, jobs: jobs)
            missing += try await ChartFetcher(client: self).forEachChart(
                query, keepingGoing: keepingGoing, onChartFetched: { await onDayFetched(done.next(), total) }
            ) { chart in
                if case .fetched(let chart) = chart {
                    days.append(MovieTrend.Day(date: chart.startDate, entry: chart.entries.first { $0.code == movie.code }))
                }
            }
            if to == nil, let end = Self.runEnd(of: days, opening: movie.openDate) {
                days.removeAll { $0.date > end }
                break
            }
        }
        return (MovieTrend(code: movie.code, title: movie.title, days: days), missing)
    }

    /// How long a film is out of the chart before its run is taken as over.
    public static let daysOutOfTheChartEndingARun = 7

    /// The last day of a run that is over: the seventh day in a row without the film, counted from
    /// its opening or its first day in the chart, whichever comes first (days before it opened are
    /// not days out of the chart); nil while the run goes on.
    static func runEnd(of days: [MovieTrend.Day], opening: KSTDate?) -> KSTDate? {
        var out = 0
        var started = false
        for day in days.sorted(by: { $0.date < $1.date }) {
            started = started || day.entry != nil || opening.map { day.date >= $0 } ?? true
            guard started else { continue }
            out = day.entry == nil ? out + 1 : 0
            if out == daysOutOfTheChartEndingARun { return day.date }
        }
        return nil
    }
}

/// The days of a range fetched so far, counted from the tasks that fetch them.
private final class DaysDone: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
