/// The body of the company-list endpoint (`/company/searchCompanyList.json`).
public struct CompanyListResponse: APIResponse {
    /// The result wrapper.
    public let companyListResult: CompanyListResultDTO
}

/// The `companyListResult` object.
public struct CompanyListResultDTO: Decodable, Sendable {
    /// Total matches; the one value sent as a number.
    public let totCnt: Int?
    /// This page of matches; may be missing or empty.
    public let companyList: [CompanyListEntryDTO]?
}

/// One company in a list.
public struct CompanyListEntryDTO: Decodable, Sendable {
    /// The KOBIS company code.
    public let companyCd: String
    /// Korean name.
    public let companyNm: String?
    /// English name; often blank.
    public let companyNmEn: String?
    /// Parts joined with `,`, such as `제작사,배급사`.
    public let companyPartNames: String?
    /// The chief executive.
    public let ceoNm: String?
    /// Titles joined with `,`.
    public let filmoNames: String?
}

/// The body of the company-info endpoint (`/company/searchCompanyInfo.json`).
public struct CompanyInfoResponse: APIResponse {
    /// The result wrapper.
    public let companyInfoResult: CompanyInfoResultDTO

    /// An unknown code comes back without a record, which must not be kept.
    public var isCacheable: Bool { WireValue.text(companyInfoResult.companyInfo?.companyCd) != nil }
}

/// The `companyInfoResult` object.
public struct CompanyInfoResultDTO: Decodable, Sendable {
    /// The company, or nothing for an unknown code.
    public let companyInfo: CompanyInfoDTO?
}

/// One company's details.
public struct CompanyInfoDTO: Decodable, Sendable {
    /// The KOBIS company code.
    public let companyCd: String?
    /// Korean name.
    public let companyNm: String?
    /// English name.
    public let companyNmEn: String?
    /// The chief executive.
    public let ceoNm: String?
    /// Its parts.
    public let parts: [PartDTO]?
    /// Films, once per part the company had in each.
    public let filmos: [FilmoDTO]?

    /// A part such as `배급사`.
    public struct PartDTO: Decodable, Sendable {
        /// Its name.
        public let companyPartNm: String?
    }

    /// A film and one part the company had in it.
    public struct FilmoDTO: Decodable, Sendable {
        /// The movie's code.
        public let movieCd: String?
        /// Its title.
        public let movieNm: String?
        /// The part.
        public let companyPartNm: String?
    }
}
