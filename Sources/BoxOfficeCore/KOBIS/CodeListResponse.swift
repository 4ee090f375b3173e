/// The body of the common-code endpoint (`/code/searchCodeList.json`): a top-level `codes`,
/// with no result wrapper.
package struct CodeListResponse: APIResponse {
    /// The group's codes; may be missing or empty.
    package let codes: [CodeDTO]?

    /// A group without codes is not kept: it is a group that does not exist, or not yet.
    package var isCacheable: Bool { !(codes ?? []).isEmpty }
}

/// One common code.
package struct CodeDTO: Decodable, Sendable {
    /// The code, such as `0105001`.
    package let fullCd: String?
    /// Korean name.
    package let korNm: String?
    /// English name; often blank.
    package let engNm: String?
}
