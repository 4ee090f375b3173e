/// The body of the movie-info endpoint, as KOBIS sends it.
public struct MovieInfoResponse: APIResponse {
    /// The result wrapper.
    public let movieInfoResult: MovieInfoResultDTO

    /// An unknown code comes back as an empty record, which must not be kept.
    public var isCacheable: Bool { movieInfoResult.movieInfo?.hasCode ?? false }
}

/// The `movieInfoResult` object.
public struct MovieInfoResultDTO: Decodable, Sendable {
    /// The movie, or an empty or missing record for an unknown code.
    public let movieInfo: MovieInfoDTO?
    /// `영화진흥위원회`.
    public let source: String?
}

/// One movie's details; lists may be empty or missing.
public struct MovieInfoDTO: Decodable, Sendable {
    /// The KOBIS movie code.
    public let movieCd: String?
    /// Korean title.
    public let movieNm: String?
    /// English title.
    public let movieNmEn: String?
    /// Original title.
    public let movieNmOg: String?
    /// Running time in minutes.
    public let showTm: String?
    /// Production year.
    public let prdtYear: String?
    /// Opening date, `YYYYMMDD`; may be empty.
    public let openDt: String?
    /// Production status such as `개봉`.
    public let prdtStatNm: String?
    /// Type such as `장편`.
    public let typeNm: String?
    /// Production countries.
    public let nations: [Nation]?
    /// Genres.
    public let genres: [Genre]?
    /// Directors.
    public let directors: [Person]?
    /// Cast.
    public let actors: [Actor]?
    /// Screening formats.
    public let showTypes: [ShowType]?
    /// Companies and their parts.
    public let companys: [Company]?
    /// Rating decisions.
    public let audits: [Audit]?
    /// Crew.
    public let staffs: [Staff]?

    var hasCode: Bool { WireValue.text(movieCd) != nil }

    /// A production country.
    public struct Nation: Decodable, Sendable {
        /// The country's Korean name.
        public let nationNm: String?
    }

    /// A genre.
    public struct Genre: Decodable, Sendable {
        /// The genre's Korean name.
        public let genreNm: String?
    }

    /// A director.
    public struct Person: Decodable, Sendable {
        /// Korean name.
        public let peopleNm: String?
        /// Romanised name.
        public let peopleNmEn: String?
    }

    /// An actor and the role played.
    public struct Actor: Decodable, Sendable {
        /// Korean name.
        public let peopleNm: String?
        /// Romanised name.
        public let peopleNmEn: String?
        /// Role, in Korean.
        public let cast: String?
        /// Role, in English.
        public let castEn: String?
    }

    /// A screening format.
    public struct ShowType: Decodable, Sendable {
        /// Group such as `2D`.
        public let showTypeGroupNm: String?
        /// Name such as `디지털`.
        public let showTypeNm: String?
    }

    /// A company and its part in the film.
    public struct Company: Decodable, Sendable {
        /// KOBIS company code.
        public let companyCd: String?
        /// Korean name.
        public let companyNm: String?
        /// English name.
        public let companyNmEn: String?
        /// Part such as `배급사`.
        public let companyPartNm: String?
    }

    /// A rating decision.
    public struct Audit: Decodable, Sendable {
        /// Decision number; may carry trailing spaces.
        public let auditNo: String?
        /// Grade such as `12세이상관람가`.
        public let watchGradeNm: String?
    }

    /// A crew member.
    public struct Staff: Decodable, Sendable {
        /// Korean name.
        public let peopleNm: String?
        /// Romanised name.
        public let peopleNmEn: String?
        /// Role such as `각본`.
        public let staffRoleNm: String?
    }
}
