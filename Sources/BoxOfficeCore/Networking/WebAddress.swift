#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The addresses a poster may have: http or https with a host. An API may answer with anything
/// (a `data:` URI of megabytes, `javascript:`, a file), and none of that is a picture to link or
/// to download; only bytes this tool downloaded from a web address are ever embedded.
package enum WebAddress {
    /// The address as a URL when it is http or https with a host; nil otherwise.
    package static func url(_ address: String) -> URL? {
        // The scheme first, so a data: URI of megabytes is never parsed whole.
        let head = address.prefix(8).lowercased()
        guard head.hasPrefix("https://") || head.hasPrefix("http://"), let url = URL(string: address), let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// Whether the address is http or https with a host.
    package static func isWeb(_ address: String) -> Bool {
        url(address) != nil
    }

    /// Whether the address is https with a host: what a mail client shows without a warning.
    package static func isSecure(_ address: String) -> Bool {
        url(address)?.scheme?.lowercased() == "https"
    }
}
