/// A page of Kakao image search results.
public struct ImageSearchResult: Sendable, Equatable {
    /// Matches in all.
    public var totalCount: Int
    /// Matches that can be paged through.
    public var pageableCount: Int
    /// Whether this is the last page.
    public var isEnd: Bool
    /// The images.
    public var images: [ImageResult]

    /// Maps Kakao's answer, keeping only documents with an image address.
    public init(_ response: ImageSearchResponse) {
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

    /// The image most likely to be a poster: the first portrait one, else the first.
    public var bestPoster: ImageResult? {
        images.first { ($0.height ?? 0) > ($0.width ?? 0) } ?? images.first
    }
}

/// One image.
public struct ImageResult: Sendable, Equatable {
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
}
