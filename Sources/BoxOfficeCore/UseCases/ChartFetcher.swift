/// Fetches one chart or a range: within today's quota, a bounded number at a time, in date
/// order, all or nothing, cut to the top movies and with posters when asked.
public struct ChartFetcher: Sendable {
    let client: BoxOfficeClient

    /// Creates a fetcher over a client.
    public init(client: BoxOfficeClient) {
        self.client = client
    }

    /// The charts of the query, in its date order. `onChartFetched` is called as each arrives,
    /// for progress. One failure fails the whole: `RangeFailure` names every failed chart.
    public func charts(_ query: ChartQuery, onChartFetched: @escaping @Sendable () async -> Void = {}) async throws -> [BoxOfficeChart] {
        try ensureQuota(for: query)
        let client = self.client
        let results = await ConcurrentMap.run(query.dates, limit: query.jobs, giveUp: Self.allFailedAlike) { date in
            let chart = try await client.chart(query, on: date)
            await onChartFetched()
            return chart
        }
        if let abandoned = RangeAbandoned(results) { throw abandoned }
        var charts = try Self.allOrNothing(results, query: query, fetchedAreCached: client.cacheMode.writes)
        if let limit = query.limit {
            charts = charts.map { chart in
                var chart = chart
                chart.entries = Array(chart.entries.prefix(limit))
                return chart
            }
        }
        if query.withPosters {
            charts = try await PosterFinder(client: client).addPosters(to: charts, jobs: query.jobs)
        }
        return charts
    }

    /// A range never plans more uncached calls than today's limit has left. The cache is looked
    /// at only when the range is longer than what is left, so a cached run pays nothing extra.
    /// A single day needs no plan: its one request is checked against the limit as it is sent,
    /// and a cached one never reads the ledger.
    private func ensureQuota(for query: ChartQuery) throws {
        guard query.dates.count > 1, let left = client.callsLeftToday(.kobis), query.dates.count > left else { return }
        let uncached = query.dates.filter { !client.hasCachedAnswer(query.endpoint(for: $0)) }
        try client.ensureRoom(for: uncached.count, to: .kobis)
    }

    /// A dead or refusing server: the first wave of requests all failed the same passing way,
    /// so the rest would only wait for their timeouts too.
    @Sendable static func allFailedAlike(_ completed: [Result<BoxOfficeChart, any Error>], wave: Int) -> Bool {
        guard completed.count >= wave, let first = completed.first, case .failure(let error) = first,
            RangeAbandoned.isTransient(error)
        else { return false }
        let message = RangeFailure.message(for: error)
        return completed.allSatisfy { result in
            if case .failure(let other) = result { return RangeFailure.message(for: other) == message }
            return false
        }
    }

    /// One failure spoils the whole output; a single chart's error is thrown as it is.
    private static func allOrNothing(
        _ results: [Result<BoxOfficeChart, any Error>], query: ChartQuery, fetchedAreCached: Bool
    ) throws -> [BoxOfficeChart] {
        var charts: [BoxOfficeChart] = []
        var failures: [(String, any Error)] = []
        for (date, result) in zip(query.dates, results) {
            switch result {
            case .success(let chart): charts.append(chart)
            case .failure(let error): failures.append((query.label(for: date), error))
            }
        }
        guard !failures.isEmpty else { return charts }
        if query.dates.count == 1, let only = failures.first { throw only.1 }
        throw RangeFailure(failures: failures, total: query.dates.count, fetchedAreCached: fetchedAreCached)
    }
}

extension BoxOfficeClient {
    /// The query's chart that holds `date`.
    func chart(_ query: ChartQuery, on date: KSTDate) async throws -> BoxOfficeChart {
        switch query.kind {
        case .daily: try await dailyChart(on: date, filter: query.filter)
        case .weekly(let period): try await weeklyChart(containing: date, period: period, filter: query.filter)
        }
    }
}
