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
        var charts: [BoxOfficeChart] = []
        _ = try await forEachChart(query, keepingGoing: false, onChartFetched: onChartFetched) { chart in
            if case .fetched(let chart) = chart { charts.append(chart) }
        }
        return charts
    }

    /// The charts of the query that could be fetched, in its date order, and those that could
    /// not, each with its error: a range that goes on past its failures. What stops a range
    /// before it starts (today's quota) is still thrown, and so is a range of which no chart
    /// arrived, as `charts` throws it.
    public func availableCharts(_ query: ChartQuery, onChartFetched: @escaping @Sendable () async -> Void = {}) async throws -> ChartRange {
        var charts: [BoxOfficeChart] = []
        let missing = try await forEachChart(query, keepingGoing: true, onChartFetched: onChartFetched) { chart in
            if case .fetched(let chart) = chart { charts.append(chart) }
        }
        return ChartRange(charts: charts, missing: missing)
    }

    /// Each chart of the query, handed to `receive` in date order as soon as it and every chart
    /// before it are decided, and held here no longer: a range's output can be written a chart
    /// at a time, in memory that does not grow with its length. Charts are fetched `query.jobs`
    /// at a time, and none more than `query.jobs` after the oldest not yet handed on, so that a
    /// slow day holds back a few finished ones, not the rest of the range.
    ///
    /// Without `keepingGoing` only fetched charts are handed on, none after the first failure,
    /// and once every chart is decided one failure fails the whole, as `charts` says; whatever
    /// `receive` was given is then to be dropped. With it, each missing chart is handed on in its
    /// place and all of them are returned, as `availableCharts` says. An error `receive` throws
    /// stops the range and is thrown. A query longer than `RangeRules` allow is
    /// `BoxOfficeError.invalidRange`, thrown before any request.
    public func forEachChart(
        _ query: ChartQuery, keepingGoing: Bool, onChartFetched: @escaping @Sendable () async -> Void = {},
        receive: (RangeChart) async throws -> Void
    ) async throws -> [MissingChart] {
        try RangeRules.check(query)
        try ensureQuota(for: query)
        let client = self.client
        var missing: [MissingChart] = []
        var fetched = 0
        var notSent = 0
        var firstFailure: (any Error)?
        var posters = PosterBook()
        try await ConcurrentMap.forEach(query.dates, limit: query.jobs, ahead: query.jobs, giveUp: Self.allFailedAlike) { date in
            let chart = try await client.chart(query, on: date)
            await onChartFetched()
            return chart
        } receive: { (index: Int, result: Result<BoxOfficeChart, any Error>) async throws(any Error) in
            switch result {
            case .success(var chart):
                fetched += 1
                // A range that failed is printed in no part: what comes after its failure is not needed.
                guard keepingGoing || missing.isEmpty else { return }
                if let limit = query.limit { chart.entries = Array(chart.entries.prefix(limit)) }
                if query.withPosters { chart = try await posters.addPosters(to: chart, finder: PosterFinder(client: client), jobs: query.jobs) }
                try await receive(.fetched(chart))
            case .failure(var error):
                if error is NotSent {
                    // Those never sent are missing for the reason the others failed; every one
                    // sent was handed on before them.
                    notSent += 1
                    error = firstFailure ?? error
                } else if firstFailure == nil {
                    firstFailure = error
                }
                let chart = MissingChart(query: query, date: query.dates[index], error: error)
                missing.append(chart)
                if keepingGoing { try await receive(.missing(chart)) }
            }
        }
        if !missing.isEmpty, !keepingGoing || fetched == 0 {
            if notSent > 0, let firstFailure {
                throw BoxOfficeError.rangeAbandoned(
                    RangeAbandoned(error: firstFailure, tried: query.dates.count - notSent, total: query.dates.count))
            }
            if query.dates.count == 1, let only = missing.first { throw only.error }
            throw BoxOfficeError.rangeFailed(
                RangeFailure(failures: missing.map { ($0.label, $0.error) }, total: query.dates.count, fetchedAreCached: client.cacheMode.writes))
        }
        return missing
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
    static func allFailedAlike(_ completed: [(any Error)?], wave: Int) -> Bool {
        guard completed.count >= wave, let first = completed.first, let error = first, RangeAbandoned.isTransient(error) else { return false }
        let message = RangeFailure.message(for: error)
        return completed.allSatisfy { other in other.map { RangeFailure.message(for: $0) == message } ?? false }
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

/// One chart of a range as it is decided: fetched, or missing with its error.
public enum RangeChart: Sendable {
    /// A chart that arrived.
    case fetched(BoxOfficeChart)
    /// A chart that did not (handed on only by a range that goes on past its failures).
    case missing(MissingChart)
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
