/// A page of KOBIS people-list matches.
public struct PeopleSearchResult: Sendable, Equatable {
    /// Matches in all.
    public var totalCount: Int
    /// This page's people.
    public var people: [PersonSummary]

    /// Maps the KOBIS people list; a missing list is an empty one.
    public init(_ response: PeopleListResponse) {
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
    public init(totalCount: Int, people: [PersonSummary]) {
        self.totalCount = totalCount
        self.people = people
    }
}

/// One person in a list.
public struct PersonSummary: Sendable, Equatable {
    /// The KOBIS person code (`boxoffice person <code>`).
    public var code: String
    /// Korean name.
    public var name: String
    /// Romanised name.
    public var nameEnglish: String?
    /// Main role such as `감독`.
    public var role: String?
    /// Titles they worked on.
    public var filmography: [String]
}
