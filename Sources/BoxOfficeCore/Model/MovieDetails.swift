/// One movie's details, with blank strings as nil and numbers as numbers.
public struct MovieDetails: Sendable, Equatable {
    /// The KOBIS movie code.
    public var code: String
    /// Korean title.
    public var title: String
    /// English title.
    public var titleEnglish: String?
    /// Original title.
    public var titleOriginal: String?
    /// Production year.
    public var productionYear: Int?
    /// Opening date.
    public var openDate: KSTDate?
    /// Running time.
    public var runtimeMinutes: Int?
    /// Production status such as `개봉`.
    public var status: String?
    /// Type such as `장편`.
    public var type: String?
    /// Production countries.
    public var nations: [String] = []
    /// Genres.
    public var genres: [String] = []
    /// Directors.
    public var directors: [Person] = []
    /// Cast, in KOBIS's order.
    public var actors: [Actor] = []
    /// Companies and their parts.
    public var companies: [Company] = []
    /// Rating decisions.
    public var ratings: [Rating] = []
    /// Crew.
    public var staff: [StaffMember] = []
    /// Screening formats.
    public var showTypes: [ShowType] = []

    /// Creates details with the required fields.
    public init(code: String, title: String) {
        self.code = code
        self.title = title
    }

    /// A director.
    public struct Person: Sendable, Equatable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?
    }

    /// An actor and role.
    public struct Actor: Sendable, Equatable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?
        /// Role in Korean.
        public var role: String?
        /// Role in English.
        public var roleEnglish: String?
    }

    /// A company's part in the film.
    public struct Company: Sendable, Equatable {
        /// KOBIS company code.
        public var code: String?
        /// Korean name.
        public var name: String?
        /// English name.
        public var nameEnglish: String?
        /// Part such as `배급사` (distributor).
        public var part: String?
    }

    /// A rating decision.
    public struct Rating: Sendable, Equatable {
        /// Decision number, trimmed.
        public var number: String?
        /// Grade such as `12세이상관람가`.
        public var grade: String?
    }

    /// A crew member.
    public struct StaffMember: Sendable, Equatable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?
        /// Role such as `각본`.
        public var role: String?
    }

    /// A screening format.
    public struct ShowType: Sendable, Equatable {
        /// Group such as `2D`.
        public var group: String?
        /// Name such as `디지털`.
        public var name: String?
    }

    /// The companies whose part is distribution (`배급사`).
    public var distributors: [Company] { companies.filter { $0.part?.contains("배급") == true } }
}

extension MovieDetails {
    /// Maps KOBIS movie info; an empty record means the code is unknown.
    public init(_ response: MovieInfoResponse, requestedCode: String) throws {
        guard let info = response.movieInfoResult.movieInfo, let code = WireValue.text(info.movieCd) else {
            throw BoxOfficeError.notFound(.movie(code: requestedCode))
        }
        let wire = WireValue(service: .kobis, body: "movie-info")
        let text = WireValue.text
        self.init(code: code, title: text(info.movieNm) ?? code)
        titleEnglish = text(info.movieNmEn)
        titleOriginal = text(info.movieNmOg)
        productionYear = try wire.smallCount("prdtYear", info.prdtYear)
        openDate = try wire.date("openDt", info.openDt)
        runtimeMinutes = try wire.smallCount("showTm", info.showTm)
        status = text(info.prdtStatNm)
        type = text(info.typeNm)
        nations = (info.nations ?? []).compactMap { text($0.nationNm) }
        genres = (info.genres ?? []).compactMap { text($0.genreNm) }
        directors = (info.directors ?? []).map { Person(name: text($0.peopleNm), nameEnglish: text($0.peopleNmEn)) }
        actors = (info.actors ?? []).map {
            Actor(name: text($0.peopleNm), nameEnglish: text($0.peopleNmEn), role: text($0.cast), roleEnglish: text($0.castEn))
        }
        companies = (info.companys ?? []).map {
            Company(code: text($0.companyCd), name: text($0.companyNm), nameEnglish: text($0.companyNmEn), part: text($0.companyPartNm))
        }
        ratings = (info.audits ?? []).map { Rating(number: text($0.auditNo), grade: text($0.watchGradeNm)) }
        staff = (info.staffs ?? []).map { StaffMember(name: text($0.peopleNm), nameEnglish: text($0.peopleNmEn), role: text($0.staffRoleNm)) }
        showTypes = (info.showTypes ?? []).map { ShowType(group: text($0.showTypeGroupNm), name: text($0.showTypeNm)) }
    }
}
