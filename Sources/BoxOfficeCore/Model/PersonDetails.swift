/// One person's details. Its `Codable` form is a documented JSON contract that only grows.
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
    /// Films and the part in each, whose codes `BoxOfficeClient.movie(code:)` takes.
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

    /// A film and the person's parts in it. KOBIS lists a film once a part (감독, then 각본);
    /// here it appears once, at its first place, as a company's films do.
    public struct Film: Sendable, Hashable {
        /// The movie's code.
        public var movieCode: String
        /// Its title.
        public var title: String?
        /// The parts, such as `감독` and `각본`, in KOBIS's order.
        public var parts: [String]

        /// The first part, such as `감독`.
        public var part: String? { parts.first }

        /// Creates a film with one part or none.
        public init(movieCode: String, title: String? = nil, part: String? = nil) {
            self.init(movieCode: movieCode, title: title, parts: part.map { [$0] } ?? [])
        }

        /// Creates a film with its parts.
        public init(movieCode: String, title: String?, parts: [String]) {
            self.movieCode = movieCode
            self.title = title
            self.parts = parts
        }
    }

    /// Maps KOBIS people info; no record means the code is unknown.
    package init(_ response: PeopleInfoResponse, requestedCode: String) throws {
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
        var films: [Film] = []
        var positions: [String: Int] = [:]
        for film in info.filmos ?? [] {
            guard let movieCode = text(film.movieCd) else { continue }
            let part = text(film.moviePartNm)
            if let position = positions[movieCode] {
                if let part, !films[position].parts.contains(part) { films[position].parts.append(part) }
            } else {
                positions[movieCode] = films.count
                films.append(Film(movieCode: movieCode, title: text(film.movieNm), part: part))
            }
        }
        filmography = films
    }
}

extension PersonDetails: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name, nameEnglish, sex, role, homepages, filmography
    }

    /// `{"code", "name", "nameEnglish", "sex", "role", "homepages", "filmography": [{"movieCode", "title", "part", "parts"}]}`.
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

extension PersonDetails.Film: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case movieCode, title, part, parts
    }

    /// `{"movieCode", "title", "part", "parts"}`: `part` is the first of `parts`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(movieCode, forKey: .movieCode)
        try container.encode(title, forKey: .title)
        try container.encode(part, forKey: .part)
        try container.encode(parts, forKey: .parts)
    }

    /// Reads what `encode(to:)` writes back; `part` is the first of `parts`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            movieCode: try container.decode(String.self, forKey: .movieCode), title: try container.decodeIfPresent(String.self, forKey: .title),
            parts: try container.decode([String].self, forKey: .parts))
    }
}

extension PersonDetails {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .name: .string
        case .nameEnglish, .sex, .role: .nullable(.string)
        case .homepages: .array(.string)
        case .filmography: .array(Film.jsonSchema)
        }
    }
}

extension PersonDetails.Film {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .movieCode: .string
        case .title, .part: .nullable(.string)
        case .parts: .array(.string)
        }
    }
}
