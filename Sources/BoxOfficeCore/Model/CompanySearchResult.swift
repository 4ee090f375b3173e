/// A page of KOBIS company-list matches.
public struct CompanySearchResult: Sendable, Equatable {
    /// Matches in all.
    public var totalCount: Int
    /// This page's companies.
    public var companies: [CompanySummary]

    /// Maps the KOBIS company list; a missing list is an empty one.
    public init(_ response: CompanyListResponse) {
        let text = WireValue.text
        companies = (response.companyListResult.companyList ?? []).compactMap { dto in
            guard let code = text(dto.companyCd) else { return nil }
            return CompanySummary(
                code: code, name: text(dto.companyNm) ?? code, nameEnglish: text(dto.companyNmEn), ceo: text(dto.ceoNm),
                parts: WireValue.list(dto.companyPartNames, separator: ","), filmography: WireValue.list(dto.filmoNames, separator: ","))
        }
        totalCount = response.companyListResult.totCnt ?? companies.count
    }

    /// Creates a result.
    public init(totalCount: Int, companies: [CompanySummary]) {
        self.totalCount = totalCount
        self.companies = companies
    }
}

/// One company in a list.
public struct CompanySummary: Sendable, Equatable {
    /// The KOBIS company code (`boxoffice company <code>`).
    public var code: String
    /// Korean name.
    public var name: String
    /// English name.
    public var nameEnglish: String?
    /// The chief executive.
    public var ceo: String?
    /// Its parts, such as `배급사`.
    public var parts: [String]
    /// Titles it worked on.
    public var filmography: [String]
}
