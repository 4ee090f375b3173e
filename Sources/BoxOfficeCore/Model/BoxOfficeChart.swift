/// A daily or weekly chart, ready for the renderers. It encodes as the chart object of
/// the documented JSON contract.
public struct BoxOfficeChart: Sendable, Hashable {
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

/// A chart's period: one day, or a week adding up some of its days. It encodes as the JSON `kind`:
/// `"daily"`, or the week's period (`"week"`, `"weekend"`, `"weekdays"`).
public enum ChartKind: Sendable, Hashable, Codable {
    /// One day.
    case daily
    /// One week, adding up these days of it.
    case weekly(WeekPeriod)

    /// `daily`, `week`, `weekend` or `weekdays`.
    public var name: String {
        switch self {
        case .daily: "daily"
        case .weekly(let period): period.rawValue
        }
    }

    /// Its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Reads `daily` or a week's period back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        if name == "daily" {
            self = .daily
        } else if let period = WeekPeriod(rawValue: name) {
            self = .weekly(period)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(name) is not a chart kind")
        }
    }
}

/// One movie's line in a chart; counts the API left blank are nil. It encodes as a movie of
/// the documented JSON contract.
public struct ChartEntry: Sendable, Hashable, Identifiable {
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

    /// The KOBIS movie code.
    public var id: String { code }

    /// Creates an entry; the counts left out are blank.
    public init(
        rank: Int, rankIntensity: Int = 0, isNew: Bool = false, code: String, title: String, openDate: KSTDate? = nil,
        audience: Int64? = nil, audienceChange: Double? = nil, audienceChangeRate: Double? = nil, audienceTotal: Int64? = nil,
        sales: Int64? = nil, salesShare: Double? = nil, salesChange: Double? = nil, salesChangeRate: Double? = nil,
        salesTotal: Int64? = nil, screens: Int? = nil, shows: Int? = nil, posterURL: String? = nil
    ) {
        self.rank = rank
        self.rankIntensity = rankIntensity
        self.isNew = isNew
        self.code = code
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.audienceChange = audienceChange
        self.audienceChangeRate = audienceChangeRate
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.salesShare = salesShare
        self.salesChange = salesChange
        self.salesChangeRate = salesChangeRate
        self.salesTotal = salesTotal
        self.screens = screens
        self.shows = shows
        self.posterURL = posterURL
    }
}

extension BoxOfficeChart: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, startDate, endDate, yearWeek, filter, movies
    }

    /// `{"kind", "startDate", "endDate", "yearWeek" (weekly charts only), "filter", "movies"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(startDate, forKey: .startDate)
        try container.encode(endDate, forKey: .endDate)
        if kind != .daily { try container.encode(yearWeek, forKey: .yearWeek) }
        try container.encode(filter, forKey: .filter)
        try container.encode(entries, forKey: .movies)
    }

    /// Reads what `encode(to:)` writes back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ChartKind.self, forKey: .kind)
        startDate = try container.decode(KSTDate.self, forKey: .startDate)
        endDate = try container.decode(KSTDate.self, forKey: .endDate)
        yearWeek = try container.decodeIfPresent(String.self, forKey: .yearWeek)
        filter = try container.decode(ChartFilter.self, forKey: .filter)
        entries = try container.decode([ChartEntry].self, forKey: .movies)
    }
}

extension ChartEntry: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case rank, rankChange, isNew, code, title, openDate, audience, audienceChange, audienceChangeRate, audienceTotal
        case sales, salesShare, salesChange, salesChangeRate, salesTotal, screens, shows, posterURL
    }

    /// Every figure, `null` where KOBIS left it blank; `rankChange` is `rankIntensity`. `posterURL`
    /// is there only once a poster was found (`PosterFinder.addPosters` adds it as `null` to the others).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rank, forKey: .rank)
        try container.encode(rankIntensity, forKey: .rankChange)
        try container.encode(isNew, forKey: .isNew)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(openDate, forKey: .openDate)
        try container.encode(audience, forKey: .audience)
        try container.encode(audienceChange, forKey: .audienceChange)
        try container.encode(audienceChangeRate, forKey: .audienceChangeRate)
        try container.encode(audienceTotal, forKey: .audienceTotal)
        try container.encode(sales, forKey: .sales)
        try container.encode(salesShare, forKey: .salesShare)
        try container.encode(salesChange, forKey: .salesChange)
        try container.encode(salesChangeRate, forKey: .salesChangeRate)
        try container.encode(salesTotal, forKey: .salesTotal)
        try container.encode(screens, forKey: .screens)
        try container.encode(shows, forKey: .shows)
        try container.encodeIfPresent(posterURL, forKey: .posterURL)
    }

    /// Reads what `encode(to:)` writes back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rank: try container.decode(Int.self, forKey: .rank), rankIntensity: try container.decode(Int.self, forKey: .rankChange),
            isNew: try container.decode(Bool.self, forKey: .isNew), code: try container.decode(String.self, forKey: .code),
            title: try container.decode(String.self, forKey: .title), openDate: try container.decodeIfPresent(KSTDate.self, forKey: .openDate),
            audience: try container.decodeIfPresent(Int64.self, forKey: .audience),
            audienceChange: try container.decodeIfPresent(Double.self, forKey: .audienceChange),
            audienceChangeRate: try container.decodeIfPresent(Double.self, forKey: .audienceChangeRate),
            audienceTotal: try container.decodeIfPresent(Int64.self, forKey: .audienceTotal),
            sales: try container.decodeIfPresent(Int64.self, forKey: .sales),
            salesShare: try container.decodeIfPresent(Double.self, forKey: .salesShare),
            salesChange: try container.decodeIfPresent(Double.self, forKey: .salesChange),
            salesChangeRate: try container.decodeIfPresent(Double.self, forKey: .salesChangeRate),
            salesTotal: try container.decodeIfPresent(Int64.self, forKey: .salesTotal),
            screens: try container.decodeIfPresent(Int.self, forKey: .screens),
            shows: try container.decodeIfPresent(Int.self, forKey: .shows), posterURL: try container.decodeIfPresent(String.self, forKey: .posterURL))
    }
}

extension BoxOfficeChart {
    /// Every `kind` a chart has: `daily` and the weeks' periods.
    package static let kinds = ["daily"] + WeekPeriod.allCases.map(\.rawValue)

    /// The JSON `encode(to:)` writes; `yearWeek` for a week only.
    package static let jsonSchema: JSONSchema = jsonSchema(kinds: kinds)

    /// The same, for charts of these kinds only (a daily command's, a weekly command's).
    package static func jsonSchema(kinds: [String]) -> JSONSchema {
        JSONSchema.object(CodingKeys.self) { key in
            switch key {
            case .kind: .choice(kinds)
            case .startDate, .endDate: .date
            case .yearWeek: .sometimes(.nullable(.string))
            case .filter: ChartFilter.jsonSchema
            case .movies: .array(ChartEntry.jsonSchema)
            }
        }
    }
}

extension ChartEntry {
    /// The JSON `encode(to:)` writes; `posterURL` only once posters were looked up.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .rank, .rankChange: .integer
        case .isNew: .boolean
        case .code, .title: .string
        case .openDate: .nullable(.date)
        case .audience, .audienceTotal, .sales, .salesTotal, .screens, .shows: .nullable(.integer)
        case .audienceChange, .audienceChangeRate, .salesShare, .salesChange, .salesChangeRate: .nullable(.number)
        case .posterURL: .sometimes(.nullable(.string))
        }
    }
}
