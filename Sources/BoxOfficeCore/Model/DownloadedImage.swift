#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image's bytes as this tool downloaded them, of a kind its first bytes prove: what a page or a
/// mail message may carry inside itself. An address an API sent is never one, whatever it holds.
public struct DownloadedImage: Sendable, Hashable {
    /// JPEG, PNG, GIF or WebP.
    public let kind: ImageKind
    /// The bytes.
    public let data: Data

    /// The bytes as an image; nil when they are not one of the known kinds.
    public init?(_ data: Data) {
        guard let kind = ImageKind(data) else { return nil }
        self.kind = kind
        self.data = data
    }
}
