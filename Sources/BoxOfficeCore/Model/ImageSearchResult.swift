/// A page of Kakao image search results. Its `Codable` form is a documented JSON contract.
public struct ImageSearchResult: Sendable, Hashable, Codable {
    /// Matches in all.
    public var totalCount: Int
    /// Matches that can be paged through.
    public var pageableCount: Int
    /// Whether this is the last page.
    public var isEnd: Bool
    /// The images.
    public var images: [ImageResult]

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case totalCount, pageableCount, isEnd, images
    }

    /// The JSON the synthesized `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .totalCount, .pageableCount: .integer
        case .isEnd: .boolean
        case .images: .array(ImageResult.jsonSchema)
        }
    }

    /// Creates a page.
    public init(totalCount: Int, pageableCount: Int, isEnd: Bool = true, images: [ImageResult] = []) {
        self.totalCount = totalCount
        self.pageableCount = pageableCount
        self.isEnd = isEnd
        self.images = images
    }

    /// Maps Kakao's answer, keeping only documents with an image address.
    package init(_ response: ImageSearchResponse) {
        images = response.documents.compactMap { document in
            guard let url = WireValue.text(document.imageURL) else { return nil }
            return ImageResult(
                imageURL: url, thumbnailURL: WireValue.text(document.thumbnailURL), width: document.width,
                height: document.height, site: WireValue.text(document.siteName),
                documentURL: WireValue.text(document.documentURL), datetime: WireValue.text(document.datetime))
        }
        totalCount = response.meta.totalCount ?? images.count
        pageableCount = response.meta.pageableCount ?? images.count
        isEnd = response.meta.isEnd ?? true
    }

    /// The image most likely to be a poster: the first portrait one, else the first, among those
    /// at an http or https address (an API's `data:` URI is no address to link or download).
    public var bestPoster: ImageResult? {
        let linkable = images.filter { WebAddress.isWeb($0.imageURL) }
        return linkable.first { ($0.height ?? 0) > ($0.width ?? 0) } ?? linkable.first
    }
}

/// One image.
public struct ImageResult: Sendable, Hashable {
    /// Image address.
    public var imageURL: String
    /// Thumbnail address.
    public var thumbnailURL: String?
    /// Width in pixels.
    public var width: Int?
    /// Height in pixels.
    public var height: Int?
    /// Site name.
    public var site: String?
    /// Page the image is on.
    public var documentURL: String?
    /// When the page was written.
    public var datetime: String?

    /// Creates an image.
    public init(
        imageURL: String, thumbnailURL: String? = nil, width: Int? = nil, height: Int? = nil, site: String? = nil,
        documentURL: String? = nil, datetime: String? = nil
    ) {
        self.imageURL = imageURL
        self.thumbnailURL = thumbnailURL
        self.width = width
        self.height = height
        self.site = site
        self.documentURL = documentURL
        self.datetime = datetime
    }
}

extension ImageResult: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case imageURL, thumbnailURL, width, height, site, documentURL, datetime
    }

    /// `{"imageURL", "thumbnailURL", "width", "height", "site", "documentURL", "datetime"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(thumbnailURL, forKey: .thumbnailURL)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(site, forKey: .site)
        try container.encode(documentURL, forKey: .documentURL)
        try container.encode(datetime, forKey: .datetime)
    }
}

extension ImageResult {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .imageURL: .string
        case .thumbnailURL, .site, .documentURL, .datetime: .nullable(.string)
        case .width, .height: .nullable(.integer)
        }
    }
}
