#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a transfer may do beyond the request it was given: how many bytes it may bring and
/// where it may be redirected.
public struct TransferPolicy: Sendable, Equatable {
    /// The most bytes a body may have once decompressed; more is `TransportError.bodyTooLarge`.
    public var maximumBytes: Int
    /// Which redirects are followed.
    public var redirects: RedirectRule

    /// Creates a policy.
    public init(maximumBytes: Int, redirects: RedirectRule) {
        self.maximumBytes = maximumBytes
        self.redirects = redirects
    }

    /// API calls carry a key, so they stay on their origin; their JSON is far below 8 MiB.
    public static let api = TransferPolicy(maximumBytes: 8 * 1024 * 1024, redirects: .sameOrigin)
    /// Poster images carry no key and may move between image hosts; posters are far below 20 MiB.
    public static let image = TransferPolicy(maximumBytes: 20 * 1024 * 1024, redirects: .webHosts(maximum: 5))

    /// Enough for any service that moves within its origin; a loop ends here.
    static let sameOriginRedirects = 10

    /// Whether a redirect from `source` to `target` may be followed, given how many were before it.
    /// Returns nil when it may, or why it may not.
    public func refusal(from source: URL, to target: URL, previousRedirects: Int) -> RedirectRefusal? {
        let scheme = target.scheme?.lowercased() ?? ""
        guard ["http", "https"].contains(scheme) else { return .scheme(scheme) }
        if source.scheme?.lowercased() == "https", scheme == "http" { return .downgrade(Origin(target)) }
        switch redirects {
        case .sameOrigin:
            guard Origin(source) == Origin(target) else { return .otherOrigin(Origin(target)) }
            return previousRedirects < Self.sameOriginRedirects ? nil : .tooMany(Self.sameOriginRedirects)
        case .webHosts(let maximum):
            return previousRedirects < maximum ? nil : .tooMany(maximum)
        }
    }
}

/// Which redirects a transfer follows.
public enum RedirectRule: Sendable, Equatable {
    /// Only to the same scheme, host and port.
    case sameOrigin
    /// To any http or https host, at most this many times.
    case webHosts(maximum: Int)
}

/// Scheme, host and port: what a redirect must keep for a key to stay with its service.
public struct Origin: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The host name, lower-cased.
    public let host: String
    /// The port, explicit or the scheme's default.
    public let port: Int?

    /// The origin of a URL.
    public init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? Self.defaultPorts[scheme]
    }

    private static let defaultPorts = ["http": 80, "https": 443]

    /// `host` or `host:port` when the port is not the scheme's default; an IPv6 host in brackets.
    public var description: String {
        let host = host.contains(":") ? "[\(host)]" : host
        guard let port, port != Self.defaultPorts[scheme] else { return host }
        return "\(host):\(port)"
    }
}

/// Why a redirect was not followed.
public enum RedirectRefusal: Sendable, Equatable, CustomStringConvertible {
    /// To another scheme, host or port, where the key must not go.
    case otherOrigin(Origin)
    /// From https to plain http.
    case downgrade(Origin)
    /// To something that is not http or https.
    case scheme(String)
    /// Past the number of redirects allowed.
    case tooMany(Int)

    /// Where the redirect pointed, to follow "redirected": "to another host, example.com".
    public var description: String { words.english }

    /// Where it pointed in both languages; the Korean follows "요청을" and comes before "돌려보냈지만".
    public var words: Words {
        switch self {
        case .otherOrigin(let origin):
            origin.host.isEmpty
                ? Words("to an address without a host", "호스트가 없는 주소로") : Words("to another host, \(origin)", "다른 호스트(\(origin))로")
        case .downgrade(let origin): Words("from https to plain http (\(origin))", "https에서 암호화되지 않은 http(\(origin))로")
        case .scheme(let scheme):
            scheme.isEmpty
                ? Words("to an address that is not http or https", "http나 https가 아닌 주소로")
                : Words("to a '\(scheme)' address", "'\(scheme)' 주소로")
        case .tooMany(let maximum): Words("more than \(maximum) times", "\(maximum)번 넘게 다른 곳으로")
        }
    }
}

/// Failures the transport itself decides on, before any service error is looked for.
public enum TransportError: Error, Sendable, Equatable {
    /// The body grew past `TransferPolicy.maximumBytes`.
    case bodyTooLarge(limit: Int)
    /// A redirect the policy does not allow.
    case redirectRefused(RedirectRefusal)
}
