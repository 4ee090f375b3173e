/// A page of KOBIS movie-list matches. It encodes as `{"totalCount", "movies"}`;
/// a listing adds the `page` it showed.
public struct MovieSearchResult: Sendable, Hashable, Codable {
    /// Matches in all.
    public var totalCount: Int
    /// This page's matches.
    public var movies: [MovieSummary]

    /// Creates a result.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case totalCount, movies
    }

    /// The JSON the synthesized `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .totalCount: .integer
        case .movies: .array(MovieSummary.jsonSchema)
        }
    }

    public init(totalCount: Int, movies: [MovieSummary] = []) {
        self.totalCount = totalCount
        self.movies = movies
    }

    /// Maps the KOBIS movie list; a missing list is an empty one.
    package init(_ response: MovieListResponse) throws {
        let wire = WireValue(service: .kobis, body: "movie-list")
        let text = WireValue.text
        movies = try (response.movieListResult.movieList ?? []).map { dto in
            var movie = MovieSummary(code: text(dto.movieCd) ?? "", title: text(dto.movieNm) ?? text(dto.movieCd) ?? "")
            movie.titleEnglish = text(dto.movieNmEn)
            movie.productionYear = try wire.smallCount("prdtYear", dto.prdtYear)
            movie.openDate = try wire.date("openDt", dto.openDt)
            movie.type = text(dto.typeNm)
            movie.status = text(dto.prdtStatNm)
            movie.nations = Self.list(dto.nationAlt)
            movie.genres = Self.list(dto.genreAlt)
            movie.directors = (dto.directors ?? []).compactMap { text($0.peopleNm) }
            return movie
        }
        totalCount = response.movieListResult.totCnt ?? movies.count
    }

    /// KOBIS joins nations and genres with commas in the list; the details give them one by one.
    private static func list(_ joined: String?) -> [String] {
        WireValue.list(joined, separator: ",")
    }
}

/// One movie in a search result.
public struct MovieSummary: Sendable, Hashable, Identifiable {
    /// The KOBIS movie code.
    public var code: String
    /// Korean title.
    public var title: String
    /// English title.
    public var titleEnglish: String?
    /// Production year.
    public var productionYear: Int?
    /// Opening date.
    public var openDate: KSTDate?
    /// Type such as `장편`.
    public var type: String?
    /// Production status.
    public var status: String?
    /// Countries.
    public var nations: [String]
    /// Genres.
    public var genres: [String]
    /// Directors' names.
    public var directors: [String]

    /// The KOBIS movie code.
    public var id: String { code }

    /// Creates a summary; what is left out is blank.
    public init(
        code: String, title: String, titleEnglish: String? = nil, productionYear: Int? = nil, openDate: KSTDate? = nil,
        type: String? = nil, status: String? = nil, nations: [String] = [], genres: [String] = [], directors: [String] = []
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.productionYear = productionYear
        self.openDate = openDate
        self.type = type
        self.status = status
        self.nations = nations
        self.genres = genres
        self.directors = directors
    }
}

extension MovieSummary: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, title, titleEnglish, productionYear, openDate, type, status, nations, genres, directors
    }

    /// `{"code", "title", "titleEnglish", "productionYear", "openDate", "type", "status", "nations", "genres", "directors"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(titleEnglish, forKey: .titleEnglish)
        try container.encode(productionYear, forKey: .productionYear)
        try container.encode(openDate, forKey: .openDate)
        try container.encode(type, forKey: .type)
        try container.encode(status, forKey: .status)
        try container.encode(nations, forKey: .nations)
        try container.encode(genres, forKey: .genres)
        try container.encode(directors, forKey: .directors)
    }
}

extension MovieSummary {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .title: .string
        case .titleEnglish, .type, .status: .nullable(.string)
        case .productionYear: .nullable(.integer)
        case .openDate: .nullable(.date)
        case .nations, .genres, .directors: .array(.string)
        }
    }
}
