/// The body of the movie-info endpoint, as KOBIS sends it.
package struct MovieInfoResponse: APIResponse {
    /// The result wrapper.
    package let movieInfoResult: MovieInfoResultDTO

    /// An unknown code comes back as an empty record, which must not be kept.
    package var isCacheable: Bool { movieInfoResult.movieInfo?.hasCode ?? false }
}

/// The `movieInfoResult` object.
package struct MovieInfoResultDTO: Decodable, Sendable {
    /// The movie, or an empty or missing record for an unknown code.
    package let movieInfo: MovieInfoDTO?
    /// `영화진흥위원회`.
    package let source: String?
}

/// One movie's details; lists may be empty or missing.
package struct MovieInfoDTO: Decodable, Sendable {
    /// The KOBIS movie code.
    package let movieCd: String?
    /// Korean title.
    package let movieNm: String?
    /// English title.
    package let movieNmEn: String?
    /// Original title.
    package let movieNmOg: String?
    /// Running time in minutes.
    package let showTm: String?
    /// Production year.
    package let prdtYear: String?
    /// Opening date, `YYYYMMDD`; may be empty.
    package let openDt: String?
    /// Production status such as `개봉`.
    package let prdtStatNm: String?
    /// Type such as `장편`.
    package let typeNm: String?
    /// Production countries.
    package let nations: [Nation]?
    /// Genres.
    package let genres: [Genre]?
    /// Directors.
    package let directors: [Person]?
    /// Cast.
    package let actors: [Actor]?
    /// Screening formats.
    package let showTypes: [ShowType]?
    /// Companies and their parts.
    package let companys: [Company]?
    /// Rating decisions.
    package let audits: [Audit]?
    /// Crew.
    package let staffs: [Staff]?

    var hasCode: Bool { WireValue.text(movieCd) != nil }

    /// A production country.
    package struct Nation: Decodable, Sendable {
        /// The country's Korean name.
        package let nationNm: String?
    }

    /// A genre.
    package struct Genre: Decodable, Sendable {
        /// The genre's Korean name.
        package let genreNm: String?
    }

    /// A director.
    package struct Person: Decodable, Sendable {
        /// Korean name.
        package let peopleNm: String?
        /// Romanised name.
        package let peopleNmEn: String?
    }

    /// An actor and the role played.
    package struct Actor: Decodable, Sendable {
        /// Korean name.
        package let peopleNm: String?
        /// Romanised name.
        package let peopleNmEn: String?
        /// Role, in Korean.
        package let cast: String?
        /// Role, in English.
        package let castEn: String?
    }

    /// A screening format.
    package struct ShowType: Decodable, Sendable {
        /// Group such as `2D`.
        package let showTypeGroupNm: String?
        /// Name such as `디지털`.
        package let showTypeNm: String?
    }

    /// A company and its part in the film.
    package struct Company: Decodable, Sendable {
        /// KOBIS company code.
        package let companyCd: String?
        /// Korean name.
        package let companyNm: String?
        /// English name.
        package let companyNmEn: String?
        /// Part such as `배급사`.
        package let companyPartNm: String?
    }

    /// A rating decision.
    package struct Audit: Decodable, Sendable {
        /// Decision number; may carry trailing spaces.
        package let auditNo: String?
        /// Grade such as `12세이상관람가`.
        package let watchGradeNm: String?
    }

    /// A crew member.
    package struct Staff: Decodable, Sendable {
        /// Korean name.
        package let peopleNm: String?
        /// Romanised name.
        package let peopleNmEn: String?
        /// Role such as `각본`.
        package let staffRoleNm: String?
    }
}
