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
        try await fetch(query, keepingGoing: false, onChartFetched: onChartFetched).charts
    }

    /// The charts of the query that could be fetched, in its date order, and those that could
    /// not, each with its error: a range that goes on past its failures. What stops a range
    /// before it starts (today's quota) is still thrown, and so is a range of which no chart
    /// arrived, as `charts` throws it.
    public func availableCharts(_ query: ChartQuery, onChartFetched: @escaping @Sendable () async -> Void = {}) async throws -> ChartRange {
        try await fetch(query, keepingGoing: true, onChartFetched: onChartFetched)
    }

    private func fetch(_ query: ChartQuery, keepingGoing: Bool, onChartFetched: @escaping @Sendable () async -> Void) async throws -> ChartRange {
        try ensureQuota(for: query)
        let client = self.client
        let results = await ConcurrentMap.run(query.dates, limit: query.jobs, giveUp: Self.allFailedAlike) { date in
            let chart = try await client.chart(query, on: date)
            await onChartFetched()
            return chart
        }
        var range = ChartRange(charts: [], missing: [])
        for (date, result) in zip(query.dates, results) {
            switch result {
            case .success(let chart): range.charts.append(chart)
            case .failure(let error): range.missing.append(MissingChart(query: query, date: date, error: error))
            }
        }
        if !range.missing.isEmpty, !keepingGoing || range.charts.isEmpty {
            if let abandoned = RangeAbandoned(results) { throw abandoned }
            if query.dates.count == 1, let only = range.missing.first { throw only.error }
            throw RangeFailure(
                failures: range.missing.map { ($0.label, $0.error) }, total: query.dates.count, fetchedAreCached: client.cacheMode.writes)
        }
        if let abandoned = RangeAbandoned(results) {
            // Those never sent are missing for the reason the others failed.
            for index in range.missing.indices where range.missing[index].error is NotSent {
                range.missing[index].error = abandoned.error
            }
        }
        if let limit = query.limit {
            range.charts = range.charts.map { chart in
                var chart = chart
                chart.entries = Array(chart.entries.prefix(limit))
                return chart
            }
        }
        if query.withPosters {
            range.charts = try await PosterFinder(client: client).addPosters(to: range.charts, jobs: query.jobs)
        }
        return range
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

/// What a range that goes on past its failures brought: the charts that arrived and those that
/// did not.
public struct ChartRange: Sendable {
    /// The charts that arrived, in date order.
    public var charts: [BoxOfficeChart]
    /// The charts that did not, in date order.
    public var missing: [MissingChart]

    /// Creates a range's result.
    public init(charts: [BoxOfficeChart], missing: [MissingChart] = []) {
        self.charts = charts
        self.missing = missing
    }
}

/// A chart of a range that could not be fetched.
public struct MissingChart: Sendable {
    /// Daily or weekly.
    public let kind: ChartKind
    /// The first day it covers.
    public let startDate: KSTDate
    /// The last day it covers.
    public let endDate: KSTDate
    /// Why it is missing.
    public var error: any Error
    /// How it is named in an error: `2023-08-18` or `week of 2023-08-14`.
    public let label: String

    init(query: ChartQuery, date: KSTDate, error: any Error) {
        kind = query.kind
        switch query.kind {
        case .daily: (startDate, endDate) = (date, date)
        case .weekly(let period): (startDate, endDate) = (period.firstDay(ofWeekContaining: date), period.lastDay(ofWeekContaining: date))
        }
        self.error = error
        label = query.label(for: date)
    }
}
