/// The body of the common-code endpoint (`/code/searchCodeList.json`): a top-level `codes`,
/// with no result wrapper.
public struct CodeListResponse: APIResponse {
    /// The group's codes; may be missing or empty.
    public let codes: [CodeDTO]?

    /// A group without codes is not kept: it is a group that does not exist, or not yet.
    public var isCacheable: Bool { !(codes ?? []).isEmpty }
}

/// One common code.
public struct CodeDTO: Decodable, Sendable {
    /// The code, such as `0105001`.
    public let fullCd: String?
    /// Korean name.
    public let korNm: String?
    /// English name; often blank.
    public let engNm: String?
}
