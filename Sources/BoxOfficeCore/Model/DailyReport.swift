/// The morning report: a day's top 10 with each movie's move, run, milestones and trend over the
/// days before, and the day against the same weekday a week earlier. Computed from daily charts
/// alone, so a daily report costs three calls once the earlier days are cached. It encodes as
/// the documented JSON contract says.
public struct DailyReport: Sendable, Hashable {
    /// The day reported.
    public var date: KSTDate
    /// The days the trends cover, oldest first; `date` is the last.
    public var days: [KSTDate]
    /// The top 10 of `date`, best first.
    public var movies: [Movie]
    /// Codes of the movies new to the chart that day in their first days in cinemas.
    public var newEntries: [String]
    /// Codes of the movies back in the chart that day, long after they opened.
    public var reentries: [String]
    /// The biggest climb among the top 10 (not counting new entries).
    public var climber: Move?
    /// The biggest fall among the top 10.
    public var faller: Move?
    /// Audience totals that crossed a milestone that day.
    public var milestones: [Milestone]
    /// The day's top-10 audience against the same weekday a week earlier; nil without that chart.
    public var sameWeekdayLastWeek: WeekComparison?
    /// The year up to `date`, when an archive holds every day of it; nil otherwise.
    public var yearSoFar: YearSoFar?

    /// How many movies the report lists.
    public static let topCount = 10
    /// Days a report covers unless told otherwise.
    public static let defaultDays = 7
    /// The numbers of days `report(on:days:withPosters:)` accepts.
    public static let dayRange = 2...31
    /// How long after opening a movie new to the chart counts as new; later it is a re-entry.
    public static let firstRunDays = 7

    /// Creates a report from its parts; `init(date:days:charts:)` works them out from charts.
    public init(
        date: KSTDate, days: [KSTDate] = [], movies: [Movie] = [], newEntries: [String] = [], reentries: [String] = [],
        climber: Move? = nil, faller: Move? = nil, milestones: [Milestone] = [], sameWeekdayLastWeek: WeekComparison? = nil
    ) {
        self.date = date
        self.days = days
        self.movies = movies
        self.newEntries = newEntries
        self.reentries = reentries
        self.climber = climber
        self.faller = faller
        self.milestones = milestones
        self.sameWeekdayLastWeek = sameWeekdayLastWeek
    }

    /// One movie of the top 10.
    public struct Movie: Sendable, Hashable, Identifiable {
        /// Its rank that day.
        public var rank: Int
        /// KOBIS's `rankInten`: positive when it climbed.
        public var rankIntensity: Int
        /// How its rank moved, as a chart's entry says it.
        public var rankChange: RankChange { RankChange(intensity: rankIntensity, isNew: isNew) }
        /// Its rank the day before, nil when it was not in that day's top 10.
        public var previousRank: Int?
        /// Whether it is new to the chart.
        public var isNew: Bool
        /// The KOBIS movie code.
        public var code: String
        /// The Korean title.
        public var title: String
        /// Days since it opened; 0 on opening day, nil without an opening date.
        public var daysSinceOpening: Int?
        /// The day of its run, the report's Day column: 1 on opening day, nil without an opening date.
        public var dayOfRun: Int? { daysSinceOpening.map { $0 + 1 } }
        /// Audience that day.
        public var audience: Int64?
        /// Audience since it opened.
        public var audienceTotal: Int64?
        /// Share of the day's sales, in percent.
        public var salesShare: Double?
        /// Screens that day.
        public var screens: Int?
        /// Its audience on each of `days`, nil where it was outside the top 10.
        public var trend: [Int64?]
        /// Its poster, when the report was made `withPosters`: an http or https address.
        public var posterURL: String?
        /// Its poster's bytes, once `embeddingPosters(with:budget:)` downloaded them from
        /// `posterURL` for a page or a mail message to carry; never in the JSON.
        public var posterImage: DownloadedImage?

        /// The KOBIS movie code.
        public var id: String { code }

        /// Whether it is new to the chart long after it opened (KOBIS calls that new too).
        public var isReentry: Bool {
            isNew && (daysSinceOpening ?? 0) >= DailyReport.firstRunDays
        }

        /// Creates a movie of the report; what is left out is blank.
        public init(
            rank: Int, rankIntensity: Int = 0, previousRank: Int? = nil, isNew: Bool = false, code: String, title: String,
            daysSinceOpening: Int? = nil, audience: Int64? = nil, audienceTotal: Int64? = nil, salesShare: Double? = nil,
            screens: Int? = nil, trend: [Int64?] = [], posterURL: String? = nil, posterImage: DownloadedImage? = nil
        ) {
            self.rank = rank
            self.rankIntensity = rankIntensity
            self.previousRank = previousRank
            self.isNew = isNew
            self.code = code
            self.title = title
            self.daysSinceOpening = daysSinceOpening
            self.audience = audience
            self.audienceTotal = audienceTotal
            self.salesShare = salesShare
            self.screens = screens
            self.trend = trend
            self.posterURL = posterURL
            self.posterImage = posterImage
        }
    }

    /// A climb or a fall.
    public struct Move: Sendable, Hashable, Identifiable {
        /// The KOBIS movie code.
        public var code: String
        /// The Korean title.
        public var title: String
        /// Its rank that day.
        public var rank: Int
        /// Its rank the day before, if it was in the top 10.
        public var previousRank: Int?
        /// KOBIS's `rankInten`: positive for a climb.
        public var rankIntensity: Int

        /// The KOBIS movie code.
        public var id: String { code }

        /// Creates a move.
        public init(code: String, title: String, rank: Int, previousRank: Int? = nil, rankIntensity: Int) {
            self.code = code
            self.title = title
            self.rank = rank
            self.previousRank = previousRank
            self.rankIntensity = rankIntensity
        }
    }

    /// A total audience that passed a round number that day.
    public struct Milestone: Sendable, Hashable, Identifiable {
        /// The KOBIS movie code.
        public var code: String
        /// The Korean title.
        public var title: String
        /// The number passed, such as 1,000,000.
        public var milestone: Int64

        /// The KOBIS movie code: a movie passes one milestone a day, the highest.
        public var id: String { code }

        /// Creates a milestone.
        public init(code: String, title: String, milestone: Int64) {
            self.code = code
            self.title = title
            self.milestone = milestone
        }
    }

    /// The day's top-10 audience and the same weekday's a week earlier.
    public struct WeekComparison: Sendable, Hashable {
        /// The same weekday a week earlier.
        public var date: KSTDate
        /// The report day's top-10 audience.
        public var audience: Int64
        /// That day's top-10 audience.
        public var audienceThatDay: Int64
        /// The difference.
        public var change: Int64
        /// In percent; nil when a week earlier had no audience.
        public var changeRate: Double?

        /// Creates a comparison.
        public init(date: KSTDate, audience: Int64, audienceThatDay: Int64, change: Int64, changeRate: Double? = nil) {
            self.date = date
            self.audience = audience
            self.audienceThatDay = audienceThatDay
            self.change = change
            self.changeRate = changeRate
        }
    }

    /// The highest round total passed between two totals: 1 to 10 million by millions, then
    /// every 5 million; nil when none was passed. Worked out for the crossing alone, so a total
    /// of any size costs the same.
    public static func milestone(crossedFrom before: Int64, to after: Int64) -> Int64? {
        let million: Int64 = 1_000_000
        let mark: Int64
        if after >= 15 * million {
            mark = after / (5 * million) * (5 * million)
        } else if after >= million {
            mark = min(after / million, 10) * million
        } else {
            return nil
        }
        return before < mark ? mark : nil
    }

    /// Builds the report from the daily charts it needs, keyed by day: `days`, and the day a
    /// week before `date` when there is one.
    public init(date: KSTDate, days: [KSTDate], charts: [KSTDate: BoxOfficeChart]) {
        self.date = date
        self.days = days
        let today = Array((charts[date]?.entries ?? []).prefix(Self.topCount))
        let yesterday = charts[date.adding(days: -1)]?.entries ?? []
        movies = today.map { entry in
            Movie(
                rank: entry.rank, rankIntensity: entry.rankIntensity,
                previousRank: yesterday.first { $0.code == entry.code }.map(\.rank), isNew: entry.isNew,
                code: entry.code, title: entry.title, daysSinceOpening: entry.openDate.map { date.days(since: $0) },
                audience: entry.audience, audienceTotal: entry.audienceTotal, salesShare: entry.salesShare, screens: entry.screens,
                trend: days.map { day in charts[day]?.entries.prefix(Self.topCount).first { $0.code == entry.code }?.audience ?? nil },
                posterURL: entry.posterURL)
        }
        newEntries = movies.filter { $0.isNew && !$0.isReentry }.map(\.code)
        reentries = movies.filter(\.isReentry).map(\.code)
        let moves = movies.filter { !$0.isNew }.map {
            Move(code: $0.code, title: $0.title, rank: $0.rank, previousRank: $0.previousRank, rankIntensity: $0.rankIntensity)
        }
        climber = moves.filter { $0.rankIntensity > 0 }.max { $0.rankIntensity < $1.rankIntensity }
        faller = moves.filter { $0.rankIntensity < 0 }.min { $0.rankIntensity < $1.rankIntensity }
        milestones = movies.compactMap { movie in
            guard let total = movie.audienceTotal, let audience = movie.audience,
                case (let before, false) = total.subtractingReportingOverflow(audience),
                let mark = Self.milestone(crossedFrom: before, to: total)
            else { return nil }
            return Milestone(code: movie.code, title: movie.title, milestone: mark)
        }
        sameWeekdayLastWeek = WeekComparison(
            date: date.adding(days: -7), today: today, thatDay: charts[date.adding(days: -7)].map { Array($0.entries.prefix(Self.topCount)) })
    }

    /// The days a report on `date` over `count` days reads: the window and a week earlier.
    public static func chartDays(for date: KSTDate, days count: Int) -> (window: [KSTDate], all: [KSTDate]) {
        let window = (0..<count).map { date.adding(days: $0 - count + 1) }
        let weekEarlier = date.adding(days: -7)
        return (window, window.contains(weekEarlier) ? window : [weekEarlier] + window)
    }
}

extension DailyReport.WeekComparison {
    /// The comparison of two top 10s; nil without the earlier chart, or when a sum or the
    /// difference does not fit in 64 bits, which no real audience comes near.
    init?(date: KSTDate, today: [ChartEntry], thatDay: [ChartEntry]?) {
        guard let thatDay, let now = Self.sum(today.compactMap(\.audience)), let then = Self.sum(thatDay.compactMap(\.audience)),
            case (let change, false) = now.subtractingReportingOverflow(then)
        else { return nil }
        self.init(
            date: date, audience: now, audienceThatDay: then, change: change,
            changeRate: then == 0 ? nil : (Double(change) * 1000 / Double(then)).rounded() / 10)
    }

    private static func sum(_ values: [Int64]) -> Int64? {
        var total: Int64 = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = next
        }
        return total
    }
}

extension DailyReport {
    /// The year up to the report's day, from the daily top 10s an archive holds.
    public struct YearSoFar: Sendable, Hashable, Codable {
        /// The first of January, and the report's day.
        public var from: KSTDate
        public var to: KSTDate
        /// The audience and sales of the daily top 10s over those days.
        public var audience: Int64
        public var sales: Int64
        /// The film that drew the most of it, and how many.
        public var leaderCode: String?
        public var leaderTitle: String?
        public var leaderAudience: Int64?

        /// Creates a year's figures; a year without a leader has none of the three.
        public init(
            from: KSTDate, to: KSTDate, audience: Int64, sales: Int64, leaderCode: String? = nil, leaderTitle: String? = nil,
            leaderAudience: Int64? = nil
        ) {
            self.from = from
            self.to = to
            self.audience = audience
            self.sales = sales
            self.leaderCode = leaderCode
            self.leaderTitle = leaderTitle
            self.leaderAudience = leaderAudience
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case from, to, audience, sales, leaderCode, leaderTitle, leaderAudience
        }

        /// Every field, the leader's `null` in a year without one.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(audience, forKey: .audience)
            try container.encode(sales, forKey: .sales)
            try container.encode(leaderCode, forKey: .leaderCode)
            try container.encode(leaderTitle, forKey: .leaderTitle)
            try container.encode(leaderAudience, forKey: .leaderAudience)
        }

        /// The JSON `encode(to:)` writes.
        package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
            switch key {
            case .from, .to: .date
            case .audience, .sales: .integer
            case .leaderCode, .leaderTitle: .nullable(.string)
            case .leaderAudience: .nullable(.integer)
            }
        }
    }
}

extension DailyReport: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case date, days, movies, newEntries, reentries, milestones, climber, faller, sameWeekdayLastWeek, yearSoFar
    }

    /// The report as data, `null` for a climber, faller or comparison it lacks: `{"date", "days", "movies", "newEntries", "reentries", "milestones", "climber", "faller", "sameWeekdayLastWeek"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(days, forKey: .days)
        try container.encode(movies, forKey: .movies)
        try container.encode(newEntries, forKey: .newEntries)
        try container.encode(reentries, forKey: .reentries)
        try container.encode(milestones, forKey: .milestones)
        try container.encode(climber, forKey: .climber)
        try container.encode(faller, forKey: .faller)
        try container.encode(sameWeekdayLastWeek, forKey: .sameWeekdayLastWeek)
        // Only when an archive covers the year to date.
        try container.encodeIfPresent(yearSoFar, forKey: .yearSoFar)
    }
}

extension DailyReport.Movie: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case rank, rankChange, previousRank, isNew, code, title, daysSinceOpening, dayOfRun, audience, audienceTotal, salesShare, screens, trend,
            posterURL
    }

    /// `trend` holds a number or `null` a day; `posterURL` is `null` without a poster: `{"rank", "rankChange", "previousRank", "isNew", "code", "title", "daysSinceOpening", "dayOfRun", "audience", "audienceTotal", "salesShare", "screens", "trend", "posterURL"}`;
    /// `dayOfRun` is the text's Day (1 on opening day), one more than `daysSinceOpening`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rank, forKey: .rank)
        try container.encode(rankIntensity, forKey: .rankChange)
        try container.encode(previousRank, forKey: .previousRank)
        try container.encode(isNew, forKey: .isNew)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(daysSinceOpening, forKey: .daysSinceOpening)
        try container.encode(dayOfRun, forKey: .dayOfRun)
        try container.encode(audience, forKey: .audience)
        try container.encode(audienceTotal, forKey: .audienceTotal)
        try container.encode(salesShare, forKey: .salesShare)
        try container.encode(screens, forKey: .screens)
        try container.encode(trend, forKey: .trend)
        try container.encode(posterURL, forKey: .posterURL)
    }

    /// Reads what `encode(to:)` writes back; `dayOfRun` follows from `daysSinceOpening`, and
    /// `posterImage`, never in the JSON, is nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rank: try container.decode(Int.self, forKey: .rank), rankIntensity: try container.decode(Int.self, forKey: .rankChange),
            previousRank: try container.decodeIfPresent(Int.self, forKey: .previousRank), isNew: try container.decode(Bool.self, forKey: .isNew),
            code: try container.decode(String.self, forKey: .code), title: try container.decode(String.self, forKey: .title),
            daysSinceOpening: try container.decodeIfPresent(Int.self, forKey: .daysSinceOpening),
            audience: try container.decodeIfPresent(Int64.self, forKey: .audience),
            audienceTotal: try container.decodeIfPresent(Int64.self, forKey: .audienceTotal),
            salesShare: try container.decodeIfPresent(Double.self, forKey: .salesShare),
            screens: try container.decodeIfPresent(Int.self, forKey: .screens),
            trend: try container.decode([Int64?].self, forKey: .trend), posterURL: try container.decodeIfPresent(String.self, forKey: .posterURL))
    }
}

extension DailyReport.Move: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, title, rank, previousRank, rankChange
    }

    /// `{"code", "title", "rank", "previousRank", "rankChange"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(rank, forKey: .rank)
        try container.encode(previousRank, forKey: .previousRank)
        try container.encode(rankIntensity, forKey: .rankChange)
    }

    /// Reads what `encode(to:)` writes back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(String.self, forKey: .code), title: try container.decode(String.self, forKey: .title),
            rank: try container.decode(Int.self, forKey: .rank), previousRank: try container.decodeIfPresent(Int.self, forKey: .previousRank),
            rankIntensity: try container.decode(Int.self, forKey: .rankChange))
    }
}

extension DailyReport.Milestone: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, title, milestone
    }

    /// `{"code", "title", "milestone"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(milestone, forKey: .milestone)
    }
}

extension DailyReport.WeekComparison: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case date, audience, audienceThatDay, change, changeRate
    }

    /// `{"date", "audience", "audienceThatDay", "change", "changeRate"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(audience, forKey: .audience)
        try container.encode(audienceThatDay, forKey: .audienceThatDay)
        try container.encode(change, forKey: .change)
        try container.encode(changeRate, forKey: .changeRate)
    }
}

extension DailyReport {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .date: .date
        case .days: .array(.date)
        case .movies: .array(Movie.jsonSchema)
        case .newEntries, .reentries: .array(.string)
        case .milestones: .array(Milestone.jsonSchema)
        case .climber, .faller: .nullable(Move.jsonSchema)
        case .sameWeekdayLastWeek: .nullable(WeekComparison.jsonSchema)
        case .yearSoFar: .sometimes(YearSoFar.jsonSchema)
        }
    }
}

extension DailyReport.Movie {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .rank, .rankChange: .integer
        case .previousRank, .daysSinceOpening, .dayOfRun, .audience, .audienceTotal, .screens: .nullable(.integer)
        case .isNew: .boolean
        case .code, .title: .string
        case .salesShare: .nullable(.number)
        case .trend: .array(.nullable(.integer))
        case .posterURL: .nullable(.string)
        }
    }
}

extension DailyReport.Move {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .title: .string
        case .rank, .rankChange: .integer
        case .previousRank: .nullable(.integer)
        }
    }
}

extension DailyReport.Milestone {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .title: .string
        case .milestone: .integer
        }
    }
}

extension DailyReport.WeekComparison {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .date: .date
        case .audience, .audienceThatDay, .change: .integer
        case .changeRate: .nullable(.number)
        }
    }
}
