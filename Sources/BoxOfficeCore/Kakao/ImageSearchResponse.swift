/// The body of Kakao image search.
package struct ImageSearchResponse: APIResponse {
    /// Counts and paging.
    package let meta: Meta
    /// The images; missing is read as none.
    package let documents: [Document]

    private enum CodingKeys: String, CodingKey {
        case meta, documents
    }

    /// Decodes a body whose `documents` may be missing.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        meta = try container.decode(Meta.self, forKey: .meta)
        documents = try container.decodeIfPresent([Document].self, forKey: .documents) ?? []
    }

    /// Counts and paging.
    package struct Meta: Decodable, Sendable {
        /// Matches in all.
        package let totalCount: Int?
        /// Matches that can be paged through.
        package let pageableCount: Int?
        /// Whether this is the last page.
        package let isEnd: Bool?

        private enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case pageableCount = "pageable_count"
            case isEnd = "is_end"
        }
    }

    /// One image.
    package struct Document: Decodable, Sendable {
        /// Source collection such as `blog`.
        package let collection: String?
        /// Thumbnail address.
        package let thumbnailURL: String?
        /// Image address.
        package let imageURL: String?
        /// Width in pixels.
        package let width: Int?
        /// Height in pixels.
        package let height: Int?
        /// Site name.
        package let siteName: String?
        /// Page the image is on.
        package let documentURL: String?
        /// When the page was written, ISO 8601.
        package let datetime: String?

        private enum CodingKeys: String, CodingKey {
            case collection, width, height, datetime
            case thumbnailURL = "thumbnail_url"
            case imageURL = "image_url"
            case siteName = "display_sitename"
            case documentURL = "doc_url"
        }
    }
}

/// Kakao's error bodies: `{"errorType","message"}` or `{"code","msg"}`.
struct KakaoErrorBody: Decodable {
    let errorType: String?
    let message: String?
    let code: Int?
    let msg: String?

    /// The message of whichever shape arrived.
    var text: String? { message ?? msg }
}
