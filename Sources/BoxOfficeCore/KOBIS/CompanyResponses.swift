/// The body of the company-list endpoint (`/company/searchCompanyList.json`).
package struct CompanyListResponse: APIResponse {
    /// The result wrapper.
    package let companyListResult: CompanyListResultDTO
}

/// The `companyListResult` object.
package struct CompanyListResultDTO: Decodable, Sendable {
    /// Total matches; the one value sent as a number.
    package let totCnt: Int?
    /// This page of matches; may be missing or empty.
    package let companyList: [CompanyListEntryDTO]?
}

/// One company in a list.
package struct CompanyListEntryDTO: Decodable, Sendable {
    /// The KOBIS company code.
    package let companyCd: String
    /// Korean name.
    package let companyNm: String?
    /// English name; often blank.
    package let companyNmEn: String?
    /// Parts joined with `,`, such as `제작사,배급사`.
    package let companyPartNames: String?
    /// The chief executive.
    package let ceoNm: String?
    /// Titles joined with `,`.
    package let filmoNames: String?
}

/// The body of the company-info endpoint (`/company/searchCompanyInfo.json`).
package struct CompanyInfoResponse: APIResponse {
    /// The result wrapper.
    package let companyInfoResult: CompanyInfoResultDTO

    /// An unknown code comes back without a record, which must not be kept.
    package var isCacheable: Bool { WireValue.text(companyInfoResult.companyInfo?.companyCd) != nil }
}

/// The `companyInfoResult` object.
package struct CompanyInfoResultDTO: Decodable, Sendable {
    /// The company, or nothing for an unknown code.
    package let companyInfo: CompanyInfoDTO?
}

/// One company's details.
package struct CompanyInfoDTO: Decodable, Sendable {
    /// The KOBIS company code.
    package let companyCd: String?
    /// Korean name.
    package let companyNm: String?
    /// English name.
    package let companyNmEn: String?
    /// The chief executive.
    package let ceoNm: String?
    /// Its parts.
    package let parts: [PartDTO]?
    /// Films, once per part the company had in each.
    package let filmos: [FilmoDTO]?

    /// A part such as `배급사`.
    package struct PartDTO: Decodable, Sendable {
        /// Its name.
        package let companyPartNm: String?
    }

    /// A film and one part the company had in it.
    package struct FilmoDTO: Decodable, Sendable {
        /// The movie's code.
        package let movieCd: String?
        /// Its title.
        package let movieNm: String?
        /// The part.
        package let companyPartNm: String?
    }
}
