/// Narrows a daily or weekly chart; every field left nil is not sent.
public struct ChartFilter: Sendable, Hashable, Codable {
    /// Korean or foreign films only (`repNationCd`).
    public var nation: Nation?
    /// Commercial or independent films only (`multiMovieYn`).
    public var movieType: MovieType?
    /// A region's 7-digit code (`wideAreaCd`).
    public var region: Region?

    /// The most rows KOBIS returns for a chart. A shorter chart is the full one cut rather than
    /// asked for with a smaller `itemPerPage`, so every length shares one cache entry and one
    /// recording.
    public static let maximumItemsPerPage = 10

    /// Creates a filter.
    public init(nation: Nation? = nil, movieType: MovieType? = nil, region: Region? = nil) {
        self.nation = nation
        self.movieType = movieType
        self.region = region
    }

    /// Korean or foreign.
    public enum Nation: String, Sendable, Hashable, CaseIterable, Codable {
        /// Korean films (`K`).
        case korean
        /// Foreign films (`F`).
        case foreign

        /// KOBIS's `repNationCd`, as the archive's `nation_chart.nation` keeps it too.
        package var code: String { self == .korean ? "K" : "F" }
    }

    /// Commercial or independent (KOBIS calls independent and art films "multi" movies).
    public enum MovieType: String, Sendable, Hashable, CaseIterable, Codable {
        /// `multiMovieYn=N`.
        case commercial
        /// `multiMovieYn=Y`.
        case independent

        var code: String { self == .independent ? "Y" : "N" }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case nation, type, region
    }

    /// `{"nation": "korean"|"foreign"|null, "type": "commercial"|"independent"|null, "region": {"code", "name"}|null}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nation, forKey: .nation)
        try container.encode(movieType, forKey: .type)
        try container.encode(region, forKey: .region)
    }

    /// Reads what `encode(to:)` writes back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nation = try container.decodeIfPresent(Nation.self, forKey: .nation)
        movieType = try container.decodeIfPresent(MovieType.self, forKey: .type)
        region = try container.decodeIfPresent(Region.self, forKey: .region)
    }

    var parameters: [QueryParameter] {
        var parameters: [QueryParameter] = []
        if let movieType { parameters.append(QueryParameter("multiMovieYn", movieType.code)) }
        if let nation { parameters.append(QueryParameter("repNationCd", nation.code)) }
        if let region { parameters.append(QueryParameter("wideAreaCd", region.code)) }
        return parameters
    }
}

extension ChartFilter {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .nation: .nullable(.choice(Nation.allCases.map(\.rawValue)))
        case .type: .nullable(.choice(MovieType.allCases.map(\.rawValue)))
        case .region: .nullable(Region.jsonSchema)
        }
    }
}
