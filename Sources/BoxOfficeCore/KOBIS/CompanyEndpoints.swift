extension Endpoint where Response == CompanyListResponse {
    /// Companies by name, chief executive or part.
    package static func companyList(_ query: CompanyQuery) -> Self {
        var parameters = QueryParameter.kobisPaging(page: query.page, itemsPerPage: query.itemsPerPage)
        if let name = query.name { parameters.append(QueryParameter("companyNm", name)) }
        if let ceo = query.ceo { parameters.append(QueryParameter("ceoNm", ceo)) }
        if let part = query.partCode { parameters.append(QueryParameter("companyPartCd", part)) }
        return Endpoint(
            route: .companyList, parameters: parameters,
            bodyName: "company-list", freshness: .search)
    }
}

extension Endpoint where Response == CompanyInfoResponse {
    /// One company's details.
    package static func companyInfo(code: String) -> Self {
        Endpoint(
            route: .companyInfo, parameters: [QueryParameter("companyCd", code)],
            bodyName: "company-info", freshness: .details,
            validate: { response in
                guard let answered = WireValue.text(response.companyInfoResult.companyInfo?.companyCd), answered != code else { return }
                throw BoxOfficeError.answerMismatch(
                    .kobis, asked: Words("company \(code)", "영화사 \(code)"), answered: Words("company \(answered)", "영화사 \(answered)"))
            })
    }
}

/// What to search the KOBIS company list for.
public struct CompanyQuery: Sendable, Hashable {
    /// Part of the name (`companyNm`).
    public var name: String?
    /// Part of the chief executive's name (`ceoNm`).
    public var ceo: String?
    /// A part's code from the `company-parts` code group (`companyPartCd`).
    public var partCode: String?
    /// Page, from 1 (`curPage`).
    public var page: Int?
    /// Rows per page (`itemPerPage`).
    public var itemsPerPage: Int?

    /// Creates a query.
    public init(name: String? = nil, ceo: String? = nil, partCode: String? = nil, page: Int? = nil, itemsPerPage: Int? = nil) {
        self.name = name
        self.ceo = ceo
        self.partCode = partCode
        self.page = page
        self.itemsPerPage = itemsPerPage
    }
}
