/// A page of KOBIS people-list matches. It encodes as `{"totalCount", "people"}`;
/// a listing adds the `page` it showed.
public struct PeopleSearchResult: Sendable, Hashable, Codable {
    /// Matches in all.
    public var totalCount: Int
    /// This page's people.
    public var people: [PersonSummary]

    /// Maps the KOBIS people list; a missing list is an empty one.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case totalCount, people
    }

    /// The JSON the synthesized `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .totalCount: .integer
        case .people: .array(PersonSummary.jsonSchema)
        }
    }

    package init(_ response: PeopleListResponse) {
        let text = WireValue.text
        people = (response.peopleListResult.peopleList ?? []).compactMap { dto in
            guard let code = text(dto.peopleCd) else { return nil }
            return PersonSummary(
                code: code, name: text(dto.peopleNm) ?? code, nameEnglish: text(dto.peopleNmEn), role: text(dto.repRoleNm),
                filmography: WireValue.list(dto.filmoNames, separator: "|"))
        }
        totalCount = response.peopleListResult.totCnt ?? people.count
    }

    /// Creates a result.
    public init(totalCount: Int, people: [PersonSummary] = []) {
        self.totalCount = totalCount
        self.people = people
    }
}

/// One person in a list.
public struct PersonSummary: Sendable, Hashable, Identifiable {
    /// The KOBIS person code, which `BoxOfficeClient.person(code:)` takes.
    public var code: String
    /// Korean name.
    public var name: String
    /// Romanised name.
    public var nameEnglish: String?
    /// Main role such as `감독`.
    public var role: String?
    /// Titles they worked on.
    public var filmography: [String]

    /// The KOBIS person code.
    public var id: String { code }

    /// Creates a summary.
    public init(code: String, name: String, nameEnglish: String? = nil, role: String? = nil, filmography: [String] = []) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.role = role
        self.filmography = filmography
    }
}

extension PersonSummary: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name, nameEnglish, role, filmography
    }

    /// `{"code", "name", "nameEnglish", "role", "filmography"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(nameEnglish, forKey: .nameEnglish)
        try container.encode(role, forKey: .role)
        try container.encode(filmography, forKey: .filmography)
    }
}

extension PersonSummary {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .name: .string
        case .nameEnglish, .role: .nullable(.string)
        case .filmography: .array(.string)
        }
    }
}
