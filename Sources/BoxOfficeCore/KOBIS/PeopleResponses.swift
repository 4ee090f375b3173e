/// The body of the people-list endpoint (`/people/searchPeopleList.json`).
package struct PeopleListResponse: APIResponse {
    /// The result wrapper.
    package let peopleListResult: PeopleListResultDTO
}

/// The `peopleListResult` object.
package struct PeopleListResultDTO: Decodable, Sendable {
    /// Total matches; the one value sent as a number.
    package let totCnt: Int?
    /// This page of matches; may be missing or empty.
    package let peopleList: [PeopleListEntryDTO]?
}

/// One person in a list.
package struct PeopleListEntryDTO: Decodable, Sendable {
    /// The KOBIS person code.
    package let peopleCd: String
    /// Korean name.
    package let peopleNm: String?
    /// Romanised name; often blank.
    package let peopleNmEn: String?
    /// Main role such as `감독`.
    package let repRoleNm: String?
    /// Titles joined with `|`.
    package let filmoNames: String?
}

/// The body of the people-info endpoint (`/people/searchPeopleInfo.json`).
package struct PeopleInfoResponse: APIResponse {
    /// The result wrapper.
    package let peopleInfoResult: PeopleInfoResultDTO

    /// An unknown code comes back without a record, which must not be kept.
    package var isCacheable: Bool { WireValue.text(peopleInfoResult.peopleInfo?.peopleCd) != nil }
}

/// The `peopleInfoResult` object.
package struct PeopleInfoResultDTO: Decodable, Sendable {
    /// The person, or nothing for an unknown code.
    package let peopleInfo: PeopleInfoDTO?
}

/// One person's details.
package struct PeopleInfoDTO: Decodable, Sendable {
    /// The KOBIS person code.
    package let peopleCd: String?
    /// Korean name.
    package let peopleNm: String?
    /// Romanised name.
    package let peopleNmEn: String?
    /// `남자`, `여자`.
    package let sex: String?
    /// Main role.
    package let repRoleNm: String?
    /// Home pages.
    package let homepages: [HomepageDTO]?
    /// Films and the part in each.
    package let filmos: [FilmoDTO]?

    /// A home page.
    package struct HomepageDTO: Decodable, Sendable {
        /// Its address.
        package let homeUrl: String?
    }

    /// A film and the part in it.
    package struct FilmoDTO: Decodable, Sendable {
        /// The movie's code.
        package let movieCd: String?
        /// Its title.
        package let movieNm: String?
        /// The part, such as `감독`.
        package let moviePartNm: String?
    }
}
