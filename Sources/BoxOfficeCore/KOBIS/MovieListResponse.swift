/// The body of the movie-list (search) endpoint, as KOBIS sends it.
package struct MovieListResponse: APIResponse {
    /// The result wrapper.
    package let movieListResult: MovieListResultDTO
}

/// The `movieListResult` object.
package struct MovieListResultDTO: Decodable, Sendable {
    /// Total matches; the one KOBIS value sent as a number.
    package let totCnt: Int?
    /// `영화진흥위원회`.
    package let source: String?
    /// This page of matches; may be missing or empty.
    package let movieList: [MovieListEntryDTO]?
}

/// One search match.
package struct MovieListEntryDTO: Decodable, Sendable {
    /// The KOBIS movie code.
    package let movieCd: String
    /// Korean title.
    package let movieNm: String?
    /// English title.
    package let movieNmEn: String?
    /// Production year.
    package let prdtYear: String?
    /// Opening date, `YYYYMMDD`; may be empty.
    package let openDt: String?
    /// Type such as `장편`.
    package let typeNm: String?
    /// Production status such as `개봉`.
    package let prdtStatNm: String?
    /// Countries, comma separated.
    package let nationAlt: String?
    /// Genres, comma separated.
    package let genreAlt: String?
    /// Representative country.
    package let repNationNm: String?
    /// Representative genre.
    package let repGenreNm: String?
    /// Directors.
    package let directors: [Director]?

    /// A director as the list names them.
    package struct Director: Decodable, Sendable {
        /// Korean name.
        package let peopleNm: String?
    }
}
