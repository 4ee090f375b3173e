extension Endpoint where Response == CodeListResponse {
    /// The codes of one common-code group (`comCode`).
    package static func codeList(group: String) -> Self {
        Endpoint(
            route: .codeList, parameters: [QueryParameter("comCode", group)],
            bodyName: "code-list", freshness: .codeList)
    }
}

/// KOBIS's common-code groups, each by a short English name.
public enum CodeGroup: String, Sendable, CaseIterable {
    /// The 17 wide-area regions (`0105000000`).
    case regions
    /// Movie types such as 장편 (`2201`).
    case movieTypes = "movie-types"
    /// Nations (`2204`).
    case nations
    /// Companies' parts such as 배급사 (`2601`).
    case companyParts = "company-parts"

    /// The `comCode` KOBIS knows the group by.
    public var code: String {
        switch self {
        case .regions: "0105000000"
        case .movieTypes: "2201"
        case .nations: "2204"
        case .companyParts: "2601"
        }
    }

    /// A named group's code, or a raw code as it is.
    public static func code(for name: String) -> String {
        CodeGroup(rawValue: name.lowercased())?.code ?? name
    }
}
