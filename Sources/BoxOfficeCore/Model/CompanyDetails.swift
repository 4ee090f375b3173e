/// One company's details. Its `Codable` form is a documented JSON contract that only grows.
public struct CompanyDetails: Sendable, Hashable, Identifiable {
    /// The KOBIS company code.
    public var code: String
    /// Korean name.
    public var name: String
    /// English name.
    public var nameEnglish: String?
    /// The chief executive.
    public var ceo: String?
    /// Its parts.
    public var parts: [String]
    /// Films, each once with every part the company had in it.
    public var filmography: [Film]

    /// The KOBIS company code.
    public var id: String { code }

    /// Creates details.
    public init(code: String, name: String, nameEnglish: String? = nil, ceo: String? = nil, parts: [String] = [], filmography: [Film] = []) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.ceo = ceo
        self.parts = parts
        self.filmography = filmography
    }

    /// A film and the company's parts in it.
    public struct Film: Sendable, Hashable, Identifiable {
        /// The movie's code.
        public var movieCode: String
        /// Its title.
        public var title: String?
        /// The parts, such as `배급사` and `수입사`.
        public var parts: [String]

        /// The movie's code: the company's filmography lists each film once.
        public var id: String { movieCode }

        /// Creates a film.
        public init(movieCode: String, title: String? = nil, parts: [String] = []) {
            self.movieCode = movieCode
            self.title = title
            self.parts = parts
        }
    }

    /// Maps KOBIS company info; no record means the code is unknown. KOBIS lists a film once per
    /// part (a distributor that also imported it); here it appears once, at its first place.
    package init(_ response: CompanyInfoResponse, requestedCode: String) throws {
        let text = WireValue.text
        guard let info = response.companyInfoResult.companyInfo, let code = text(info.companyCd) else {
            throw BoxOfficeError.notFound(.company(code: requestedCode))
        }
        self.code = code
        name = text(info.companyNm) ?? code
        nameEnglish = text(info.companyNmEn)
        ceo = text(info.ceoNm)
        parts = (info.parts ?? []).compactMap { text($0.companyPartNm) }
        var films: [Film] = []
        var positions: [String: Int] = [:]
        for film in info.filmos ?? [] {
            guard let movieCode = text(film.movieCd) else { continue }
            let part = text(film.companyPartNm)
            if let position = positions[movieCode] {
                if let part, !films[position].parts.contains(part) { films[position].parts.append(part) }
            } else {
                positions[movieCode] = films.count
                films.append(Film(movieCode: movieCode, title: text(film.movieNm), parts: part.map { [$0] } ?? []))
            }
        }
        filmography = films
    }
}

extension CompanyDetails: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name, nameEnglish, ceo, parts, filmography
    }

    /// `{"code", "name", "nameEnglish", "ceo", "parts", "filmography": [{"movieCode", "title", "parts"}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(ceo, forKey: .ceo)
        try container.encode(parts, forKey: .parts)
        try container.encode(filmography, forKey: .filmography)
    }
}

extension CompanyDetails.Film: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case movieCode, title, parts
    }

    /// `{"movieCode", "title", "parts"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(movieCode, forKey: .movieCode)
        try container.encode(title, forKey: .title)
        try container.encode(parts, forKey: .parts)
    }
}

extension CompanyDetails {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .name: .string
        case .nameEnglish, .ceo: .nullable(.string)
        case .parts: .array(.string)
        case .filmography: .array(Film.jsonSchema)
        }
    }
}

extension CompanyDetails.Film {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .movieCode: .string
        case .title: .nullable(.string)
        case .parts: .array(.string)
        }
    }
}
