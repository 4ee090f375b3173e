extension Endpoint where Response == PeopleListResponse {
    /// People by name, or by a film they worked on.
    package static func peopleList(_ query: PeopleQuery) -> Self {
        var parameters = QueryParameter.kobisPaging(page: query.page, itemsPerPage: query.itemsPerPage)
        if let name = query.name { parameters.append(QueryParameter("peopleNm", name)) }
        if let film = query.filmography { parameters.append(QueryParameter("filmoNames", film)) }
        return Endpoint(
            route: .peopleList, parameters: parameters,
            bodyName: "people-list", freshness: .search)
    }
}

extension Endpoint where Response == PeopleInfoResponse {
    /// One person's details.
    package static func peopleInfo(code: String) -> Self {
        Endpoint(
            route: .peopleInfo, parameters: [QueryParameter("peopleCd", code)],
            bodyName: "people-info", freshness: .details,
            validate: { response in
                guard let answered = WireValue.text(response.peopleInfoResult.peopleInfo?.peopleCd), answered != code else { return }
                throw BoxOfficeError.answerMismatch(
                    .kobis, asked: Words("person \(code)", "영화인 \(code)"), answered: Words("person \(answered)", "영화인 \(answered)"))
            })
    }
}

/// What to search the KOBIS people list for.
public struct PeopleQuery: Sendable, Hashable {
    /// Part of a name (`peopleNm`).
    public var name: String?
    /// Part of a title they worked on (`filmoNames`).
    public var filmography: String?
    /// Page, from 1 (`curPage`).
    public var page: Int?
    /// Rows per page (`itemPerPage`).
    public var itemsPerPage: Int?

    /// Creates a query.
    public init(name: String? = nil, filmography: String? = nil, page: Int? = nil, itemsPerPage: Int? = nil) {
        self.name = name
        self.filmography = filmography
        self.page = page
        self.itemsPerPage = itemsPerPage
    }
}
