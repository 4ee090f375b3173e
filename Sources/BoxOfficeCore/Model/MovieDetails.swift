/// One movie's details, with blank strings as nil and numbers as numbers. It encodes as
/// the documented JSON contract says.
public struct MovieDetails: Sendable, Hashable, Identifiable {
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
    public var nations: [String]
    /// Genres.
    public var genres: [String]
    /// Directors.
    public var directors: [Person]
    /// Cast, in KOBIS's order.
    public var actors: [Actor]
    /// Companies and their parts.
    public var companies: [Company]
    /// Rating decisions.
    public var ratings: [Rating]
    /// Crew.
    public var staff: [StaffMember]
    /// Screening formats.
    public var showTypes: [ShowType]

    /// The KOBIS movie code.
    public var id: String { code }

    /// Creates details; what is left out is blank.
    public init(
        code: String, title: String, titleEnglish: String? = nil, titleOriginal: String? = nil, productionYear: Int? = nil,
        openDate: KSTDate? = nil, runtimeMinutes: Int? = nil, status: String? = nil, type: String? = nil, nations: [String] = [],
        genres: [String] = [], directors: [Person] = [], actors: [Actor] = [], companies: [Company] = [], ratings: [Rating] = [],
        staff: [StaffMember] = [], showTypes: [ShowType] = []
    ) {
        self.code = code
        self.title = title
        self.titleEnglish = titleEnglish
        self.titleOriginal = titleOriginal
        self.productionYear = productionYear
        self.openDate = openDate
        self.runtimeMinutes = runtimeMinutes
        self.status = status
        self.type = type
        self.nations = nations
        self.genres = genres
        self.directors = directors
        self.actors = actors
        self.companies = companies
        self.ratings = ratings
        self.staff = staff
        self.showTypes = showTypes
    }

    /// A director.
    public struct Person: Sendable, Hashable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?

        /// Creates a director.
        public init(name: String? = nil, nameEnglish: String? = nil) {
            self.name = name
            self.nameEnglish = nameEnglish
        }
    }

    /// An actor and role.
    public struct Actor: Sendable, Hashable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?
        /// Role in Korean.
        public var role: String?
        /// Role in English.
        public var roleEnglish: String?

        /// Creates an actor.
        public init(name: String? = nil, nameEnglish: String? = nil, role: String? = nil, roleEnglish: String? = nil) {
            self.name = name
            self.nameEnglish = nameEnglish
            self.role = role
            self.roleEnglish = roleEnglish
        }
    }

    /// A company's part in the film.
    public struct Company: Sendable, Hashable {
        /// KOBIS company code.
        public var code: String?
        /// Korean name.
        public var name: String?
        /// English name.
        public var nameEnglish: String?
        /// Part such as `배급사` (distributor).
        public var part: String?

        /// Creates a company's part.
        public init(code: String? = nil, name: String? = nil, nameEnglish: String? = nil, part: String? = nil) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
            self.part = part
        }
    }

    /// A rating decision.
    public struct Rating: Sendable, Hashable {
        /// Decision number, trimmed.
        public var number: String?
        /// Grade such as `12세이상관람가`.
        public var grade: String?

        /// Creates a rating.
        public init(number: String? = nil, grade: String? = nil) {
            self.number = number
            self.grade = grade
        }
    }

    /// A crew member.
    public struct StaffMember: Sendable, Hashable {
        /// Korean name.
        public var name: String?
        /// Romanised name.
        public var nameEnglish: String?
        /// Role such as `각본`.
        public var role: String?

        /// Creates a crew member.
        public init(name: String? = nil, nameEnglish: String? = nil, role: String? = nil) {
            self.name = name
            self.nameEnglish = nameEnglish
            self.role = role
        }
    }

    /// A screening format.
    public struct ShowType: Sendable, Hashable {
        /// Group such as `2D`.
        public var group: String?
        /// Name such as `디지털`.
        public var name: String?

        /// Creates a screening format.
        public init(group: String? = nil, name: String? = nil) {
            self.group = group
            self.name = name
        }
    }

    /// The companies whose part is distribution (`배급사`).
    public var distributors: [Company] { companies.filter { $0.part?.contains("배급") == true } }
}

extension MovieDetails {
    /// Maps KOBIS movie info; an empty record means the code is unknown.
    package init(_ response: MovieInfoResponse, requestedCode: String) throws {
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

extension MovieDetails: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, title, titleEnglish, titleOriginal, productionYear, openDate, runtimeMinutes, status, type, nations, genres, directors, actors,
            companies, ratings, staff, showTypes
    }

    /// Every field, `null` where KOBIS left it blank, lists as arrays: `{"code", "title", "titleEnglish", "titleOriginal", "productionYear", "openDate", "runtimeMinutes", "status", "type", "nations", "genres", "directors", "actors", "companies", "ratings", "staff", "showTypes"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(title, forKey: .title)
        try container.encode(titleEnglish, forKey: .titleEnglish)
        try container.encode(titleOriginal, forKey: .titleOriginal)
        try container.encode(productionYear, forKey: .productionYear)
        try container.encode(openDate, forKey: .openDate)
        try container.encode(runtimeMinutes, forKey: .runtimeMinutes)
        try container.encode(status, forKey: .status)
        try container.encode(type, forKey: .type)
        try container.encode(nations, forKey: .nations)
        try container.encode(genres, forKey: .genres)
        try container.encode(directors, forKey: .directors)
        try container.encode(actors, forKey: .actors)
        try container.encode(companies, forKey: .companies)
        try container.encode(ratings, forKey: .ratings)
        try container.encode(staff, forKey: .staff)
        try container.encode(showTypes, forKey: .showTypes)
    }
}

extension MovieDetails.Person: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, nameEnglish
    }

    /// `{"name", "nameEnglish"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
    }
}

extension MovieDetails.Actor: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, nameEnglish, role, roleEnglish
    }

    /// `{"name", "nameEnglish", "role", "roleEnglish"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(role, forKey: .role)
        try container.encode(roleEnglish, forKey: .roleEnglish)
    }
}

extension MovieDetails.Company: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name, nameEnglish, part
    }

    /// `{"code", "name", "nameEnglish", "part"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(part, forKey: .part)
    }
}

extension MovieDetails.Rating: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case number, grade
    }

    /// `{"number", "grade"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(grade, forKey: .grade)
    }
}

extension MovieDetails.StaffMember: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, nameEnglish, role
    }

    /// `{"name", "nameEnglish", "role"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(role, forKey: .role)
    }
}

extension MovieDetails.ShowType: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case group, name
    }

    /// `{"group", "name"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(name, forKey: .name)
    }
}

extension MovieDetails {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .title: .string
        case .titleEnglish, .titleOriginal, .status, .type: .nullable(.string)
        case .productionYear, .runtimeMinutes: .nullable(.integer)
        case .openDate: .nullable(.date)
        case .nations, .genres: .array(.string)
        case .directors: .array(Person.jsonSchema)
        case .actors: .array(Actor.jsonSchema)
        case .companies: .array(Company.jsonSchema)
        case .ratings: .array(Rating.jsonSchema)
        case .staff: .array(StaffMember.jsonSchema)
        case .showTypes: .array(ShowType.jsonSchema)
        }
    }
}

extension MovieDetails.Person {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}

extension MovieDetails.Actor {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}

extension MovieDetails.Company {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}

extension MovieDetails.Rating {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}

extension MovieDetails.StaffMember {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}

extension MovieDetails.ShowType {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .nullable(.string) }
}
