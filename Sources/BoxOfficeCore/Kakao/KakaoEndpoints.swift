extension Endpoint where Response == ImageSearchResponse {
    /// Kakao image search.
    package static func imageSearch(_ query: ImageSearchQuery) -> Self {
        var parameters = [QueryParameter("query", query.text)]
        if let sort = query.sort { parameters.append(QueryParameter("sort", sort.rawValue)) }
        if let page = query.page { parameters.append(QueryParameter("page", String(page))) }
        if let size = query.size { parameters.append(QueryParameter("size", String(size))) }
        return Endpoint(
            route: .imageSearch, parameters: parameters,
            bodyName: "image-search", freshness: .search)
    }
}

/// What to search Kakao images for.
public struct ImageSearchQuery: Sendable, Hashable {
    /// The words to look for.
    public var text: String
    /// Result order.
    public var sort: Sort?
    /// Page, 1…50.
    public var page: Int?
    /// Results per page, 1…80.
    public var size: Int?

    /// Pages Kakao allows.
    public static let pages = 1...50
    /// Page sizes Kakao allows.
    public static let sizes = 1...80

    /// Creates a query.
    public init(text: String, sort: Sort? = nil, page: Int? = nil, size: Int? = nil) {
        self.text = text
        self.sort = sort
        self.page = page
        self.size = size
    }

    /// Result order.
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Best match first.
        case accuracy
        /// Newest first.
        case recency
    }
}
