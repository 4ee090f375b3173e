/// A daily or weekly chart, ready for the renderers.
public struct BoxOfficeChart: Sendable, Equatable {
    /// Which chart this is.
    public var kind: ChartKind
    /// The first day the chart covers.
    public var startDate: KSTDate
    /// The last day the chart covers.
    public var endDate: KSTDate
    /// `YYYYWW` for weekly charts.
    public var yearWeek: String?
    /// The movies, best first; empty for a settled day or week without any.
    public var entries: [ChartEntry]
    /// Which movies it counts.
    public var filter: ChartFilter

    /// Creates a chart.
    public init(
        kind: ChartKind, startDate: KSTDate, endDate: KSTDate, yearWeek: String? = nil, entries: [ChartEntry], filter: ChartFilter = ChartFilter()
    ) {
        self.kind = kind
        self.startDate = startDate
        self.endDate = endDate
        self.yearWeek = yearWeek
        self.entries = entries
        self.filter = filter
    }
}

/// The chart's period, as the JSON `kind` says it.
public enum ChartKind: String, Sendable, Hashable {
    /// One day.
    case daily
    /// Monday to Sunday.
    case week
    /// Friday to Sunday.
    case weekend
    /// Monday to Thursday.
    case weekdays

    /// The kind of a weekly chart over the given days.
    public init(_ period: WeekPeriod) {
        switch period {
        case .week: self = .week
        case .weekend: self = .weekend
        case .weekdays: self = .weekdays
        }
    }
}

/// One movie's line in a chart; counts the API left blank are nil.
public struct ChartEntry: Sendable, Equatable {
    /// Rank, from 1.
    public var rank: Int
    /// KOBIS's `rankInten`: positive when the movie climbed.
    public var rankIntensity: Int
    /// Whether the movie entered the chart.
    public var isNew: Bool
    /// The KOBIS movie code.
    public var code: String
    /// The Korean title.
    public var title: String
    /// The opening date, when known.
    public var openDate: KSTDate?
    /// Audience in the period.
    public var audience: Int64?
    /// Audience change against the previous period.
    public var audienceChange: Double?
    /// Audience change rate, in percent.
    public var audienceChangeRate: Double?
    /// Audience since opening.
    public var audienceTotal: Int64?
    /// Sales in won.
    public var sales: Int64?
    /// Share of all sales, in percent.
    public var salesShare: Double?
    /// Sales change against the previous period.
    public var salesChange: Double?
    /// Sales change rate, in percent.
    public var salesChangeRate: Double?
    /// Sales since opening.
    public var salesTotal: Int64?
    /// Screens.
    public var screens: Int?
    /// Shows.
    public var shows: Int?
    /// A poster image, when asked for.
    public var posterURL: String?

    /// The rank change as the reader sees it.
    public var rankChange: RankChange { RankChange(intensity: rankIntensity, isNew: isNew) }

    /// Creates an entry with the required fields; the counts start blank.
    public init(rank: Int, rankIntensity: Int = 0, isNew: Bool = false, code: String, title: String) {
        self.rank = rank
        self.rankIntensity = rankIntensity
        self.isNew = isNew
        self.code = code
        self.title = title
    }
}
