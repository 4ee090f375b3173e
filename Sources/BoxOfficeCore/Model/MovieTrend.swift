/// A movie's run, a day a row: its line of each day's chart, nothing where it was outside the top 10.
/// It encodes as the documented JSON contract says.
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
