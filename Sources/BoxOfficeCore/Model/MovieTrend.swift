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

extension MovieTrend: Codable {
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

extension MovieTrend.Day: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case date
    }

    /// The day and the movie's line of that day's chart, as a chart writes it, every figure
    /// `null` on a day outside the top 10: `{"date", "rank", "rankChange", "isNew", "code",
    /// "title", "openDate", "audience", …, "shows"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        if let entry {
            try entry.encode(to: encoder)
        } else {
            var blank = encoder.container(keyedBy: ChartEntry.CodingKeys.self)
            for key in ChartEntry.CodingKeys.allCases where key != .posterURL { try blank.encodeNil(forKey: key) }
        }
    }

    /// Reads what `encode(to:)` writes back: a day with a `code` was in the top 10.
    public init(from decoder: any Decoder) throws {
        date = try decoder.container(keyedBy: CodingKeys.self).decode(KSTDate.self, forKey: .date)
        let line = try decoder.container(keyedBy: ChartEntry.CodingKeys.self)
        entry = try line.contains(.code) && !line.decodeNil(forKey: .code) ? ChartEntry(from: decoder) : nil
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
    package static let jsonSchema: JSONSchema = {
        guard case .object(let line) = ChartEntry.jsonSchema else { return ChartEntry.jsonSchema }
        return .object(
            [("date", .date)]
                + line.map { name, schema in
                    switch schema {
                    case .sometimes, .nullable: (name, schema)
                    default: (name, .nullable(schema))
                    }
                })
    }()
}
