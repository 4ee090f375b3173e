/// What charts a caller asks for: one day or week, or a range of them, with their filters.
public struct ChartQuery: Sendable {
    /// Daily or weekly.
    public var kind: ChartKind
    /// One date per chart, in order; for weekly charts any day of each week.
    public var dates: [KSTDate]
    /// Which movies the charts count.
    public var filter: ChartFilter
    /// Keep only the top movies of each chart.
    public var limit: Int?
    /// Look up each movie's poster on Kakao.
    public var withPosters: Bool
    /// Requests in flight at once.
    public var jobs: Int

    /// Requests in flight at once unless told otherwise.
    public static let defaultJobs = 4
    /// The most requests in flight at once.
    public static let jobRange = 1...16
    /// The longest daily range.
    public static let longestDailyRange = 366
    /// The longest weekly range: five years.
    public static let longestWeeklyRange = 260

    /// Creates a query.
    public init(
        kind: ChartKind, dates: [KSTDate], filter: ChartFilter = ChartFilter(), limit: Int? = nil, withPosters: Bool = false,
        jobs: Int = ChartQuery.defaultJobs
    ) {
        self.kind = kind
        self.dates = dates
        self.filter = filter
        self.limit = limit
        self.withPosters = withPosters
        self.jobs = jobs
    }

    /// The endpoint of the chart that holds `date`.
    package func endpoint(for date: KSTDate) -> Endpoint<BoxOfficeResponse> {
        switch kind {
        case .daily: .dailyBoxOffice(on: date, filter: filter)
        case .weekly(let period): .weeklyBoxOffice(containing: date, period: period, filter: filter)
        }
    }

    /// How a failed chart is named in an error: `2023-08-18` or `week of 2023-08-14`.
    func label(for date: KSTDate) -> String {
        switch kind {
        case .daily: date.iso
        case .weekly(let period): "week of \(period.firstDay(ofWeekContaining: date).iso)"
        }
    }
}
