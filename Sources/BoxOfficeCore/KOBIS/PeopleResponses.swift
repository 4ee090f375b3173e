/// The body of the people-list endpoint (`/people/searchPeopleList.json`).
public struct PeopleListResponse: APIResponse {
    /// The result wrapper.
    public let peopleListResult: PeopleListResultDTO
}

/// The `peopleListResult` object.
public struct PeopleListResultDTO: Decodable, Sendable {
    /// Total matches; the one value sent as a number.
    public let totCnt: Int?
    /// This page of matches; may be missing or empty.
    public let peopleList: [PeopleListEntryDTO]?
}

/// One person in a list.
public struct PeopleListEntryDTO: Decodable, Sendable {
    /// The KOBIS person code.
    public let peopleCd: String
    /// Korean name.
    public let peopleNm: String?
    /// Romanised name; often blank.
    public let peopleNmEn: String?
    /// Main role such as `감독`.
    public let repRoleNm: String?
    /// Titles joined with `|`.
    public let filmoNames: String?
}

/// The body of the people-info endpoint (`/people/searchPeopleInfo.json`).
public struct PeopleInfoResponse: APIResponse {
    /// The result wrapper.
    public let peopleInfoResult: PeopleInfoResultDTO

    /// An unknown code comes back without a record, which must not be kept.
    public var isCacheable: Bool { WireValue.text(peopleInfoResult.peopleInfo?.peopleCd) != nil }
}

/// The `peopleInfoResult` object.
public struct PeopleInfoResultDTO: Decodable, Sendable {
    /// The person, or nothing for an unknown code.
    public let peopleInfo: PeopleInfoDTO?
}

/// One person's details.
public struct PeopleInfoDTO: Decodable, Sendable {
    /// The KOBIS person code.
    public let peopleCd: String?
    /// Korean name.
    public let peopleNm: String?
    /// Romanised name.
    public let peopleNmEn: String?
    /// `남자`, `여자`.
    public let sex: String?
    /// Main role.
    public let repRoleNm: String?
    /// Home pages.
    public let homepages: [HomepageDTO]?
    /// Films and the part in each.
    public let filmos: [FilmoDTO]?

    /// A home page.
    public struct HomepageDTO: Decodable, Sendable {
        /// Its address.
        public let homeUrl: String?
    }

    /// A film and the part in it.
    public struct FilmoDTO: Decodable, Sendable {
        /// The movie's code.
        public let movieCd: String?
        /// Its title.
        public let movieNm: String?
        /// The part, such as `감독`.
        public let moviePartNm: String?
    }
}
