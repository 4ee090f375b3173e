/// The body of the movie-list (search) endpoint, as KOBIS sends it.
public struct MovieListResponse: APIResponse {
    /// The result wrapper.
    public let movieListResult: MovieListResultDTO
}

/// The `movieListResult` object.
public struct MovieListResultDTO: Decodable, Sendable {
    /// Total matches; the one KOBIS value sent as a number.
    public let totCnt: Int?
    /// `영화진흥위원회`.
    public let source: String?
    /// This page of matches; may be missing or empty.
    public let movieList: [MovieListEntryDTO]?
}

/// One search match.
public struct MovieListEntryDTO: Decodable, Sendable {
    /// The KOBIS movie code.
    public let movieCd: String
    /// Korean title.
    public let movieNm: String?
    /// English title.
    public let movieNmEn: String?
    /// Production year.
    public let prdtYear: String?
    /// Opening date, `YYYYMMDD`; may be empty.
    public let openDt: String?
    /// Type such as `장편`.
    public let typeNm: String?
    /// Production status such as `개봉`.
    public let prdtStatNm: String?
    /// Countries, comma separated.
    public let nationAlt: String?
    /// Genres, comma separated.
    public let genreAlt: String?
    /// Representative country.
    public let repNationNm: String?
    /// Representative genre.
    public let repGenreNm: String?
    /// Directors.
    public let directors: [Director]?

    /// A director as the list names them.
    public struct Director: Decodable, Sendable {
        /// Korean name.
        public let peopleNm: String?
    }
}
