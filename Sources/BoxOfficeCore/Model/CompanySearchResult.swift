/// A page of KOBIS company-list matches. It encodes as `{"totalCount", "companies"}`;
/// a listing adds the `page` it showed.
public struct CompanySearchResult: Sendable, Hashable, Codable {
    /// Matches in all.
    public var totalCount: Int
    /// This page's companies.
    public var companies: [CompanySummary]

    /// Maps the KOBIS company list; a missing list is an empty one.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case totalCount, companies
    }

    /// The JSON the synthesized `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .totalCount: .integer
        case .companies: .array(CompanySummary.jsonSchema)
        }
    }

    package init(_ response: CompanyListResponse) {
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
    public init(totalCount: Int, companies: [CompanySummary] = []) {
        self.totalCount = totalCount
        self.companies = companies
    }
}

/// One company in a list.
public struct CompanySummary: Sendable, Hashable, Identifiable {
    /// The KOBIS company code, which `BoxOfficeClient.company(code:)` takes.
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

    /// The KOBIS company code.
    public var id: String { code }

    /// Creates a summary.
    public init(code: String, name: String, nameEnglish: String? = nil, ceo: String? = nil, parts: [String] = [], filmography: [String] = []) {
        self.code = code
        self.name = name
        self.nameEnglish = nameEnglish
        self.ceo = ceo
        self.parts = parts
        self.filmography = filmography
    }
}

extension CompanySummary: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name, nameEnglish, ceo, parts, filmography
    }

    /// `{"code", "name", "nameEnglish", "ceo", "parts", "filmography"}`.
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

extension CompanySummary {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .code, .name: .string
        case .nameEnglish, .ceo: .nullable(.string)
        case .parts, .filmography: .array(.string)
        }
    }
}
