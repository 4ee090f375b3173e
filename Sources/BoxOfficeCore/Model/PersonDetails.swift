/// One person's details. It encodes as `boxoffice person --format json` prints it.
public struct PersonDetails: Sendable, Hashable, Identifiable {
    /// The KOBIS person code.
    public var code: String
    /// Korean name.
    public var name: String
    /// Romanised name.
    public var nameEnglish: String?
    /// `남자`, `여자`.
    public var sex: String?
    /// Main role.
    public var role: String?
    /// Home pages.
    public var homepages: [String]
    /// Films and the part in each, whose codes feed `boxoffice movie`.
    public var filmography: [Film]

    /// The KOBIS person code.
    public var id: String { code }

    /// Creates details.
    public init(
        code: String, name: String, nameEnglish: String? = nil, sex: String? = nil, role: String? = nil, homepages: [String] = [],
        filmography: [Film] = []
    ) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.sex = sex
        self.role = role
        self.homepages = homepages
        self.filmography = filmography
    }

    /// A film and the part in it. A film the person had several parts in is listed once a part,
    /// so it has no identity of its own.
    public struct Film: Sendable, Hashable {
        /// The movie's code.
        public var movieCode: String
        /// Its title.
        public var title: String?
        /// The part, such as `감독`.
        public var part: String?

        /// Creates a film.
        public init(movieCode: String, title: String? = nil, part: String? = nil) {
            self.movieCode = movieCode
            self.title = title
            self.part = part
        }
    }

    /// Maps KOBIS people info; no record means the code is unknown.
    public init(_ response: PeopleInfoResponse, requestedCode: String) throws {
        let text = WireValue.text
        guard let info = response.peopleInfoResult.peopleInfo, let code = text(info.peopleCd) else {
            throw BoxOfficeError.notFound(.person(code: requestedCode))
        }
        self.code = code
        name = text(info.peopleNm) ?? code
        nameEnglish = text(info.peopleNmEn)
        sex = text(info.sex)
        role = text(info.repRoleNm)
        homepages = (info.homepages ?? []).compactMap { text($0.homeUrl) }
        filmography = (info.filmos ?? []).compactMap { film in
            text(film.movieCd).map { Film(movieCode: $0, title: text(film.movieNm), part: text(film.moviePartNm)) }
        }
    }
}

extension PersonDetails: Encodable {
    private enum CodingKeys: String, CodingKey {
        case code, name, nameEnglish, sex, role, homepages, filmography
    }

    /// `{"code", "name", "nameEnglish", "sex", "role", "homepages", "filmography": [{"movieCode", "title", "part"}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(sex, forKey: .sex)
        try container.encode(role, forKey: .role)
        try container.encode(homepages, forKey: .homepages)
        try container.encode(filmography, forKey: .filmography)
    }
}

extension PersonDetails.Film: Encodable {
    private enum CodingKeys: String, CodingKey {
        case movieCode, title, part
    }

    /// `{"movieCode", "title", "part"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(movieCode, forKey: .movieCode)
        try container.encode(title, forKey: .title)
        try container.encode(part, forKey: .part)
    }
}
