#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which keys to send, where the services live and how patiently to wait. Only the keys are
/// needed: the services' real hosts are the defaults.
///
/// ```swift
/// let configuration = ClientConfiguration(kobisKey: "…", kakaoKey: "…")
/// ```
public struct ClientConfiguration: Sendable {
    /// The KOBIS key, sent as the `key` query parameter.
    public var kobisKey: String?
    /// The Kakao REST key, sent as `Authorization: KakaoAK <key>`.
    public var kakaoKey: String?
    /// The KOBIS REST root, `https://www.kobis.or.kr/kobisopenapi/webservice/rest` unless changed.
    public var kobisBaseURL: URL
    /// The Kakao API root, `https://dapi.kakao.com` unless changed.
    public var kakaoBaseURL: URL
    /// Sent as `User-Agent` with every request.
    public var userAgent: String
    /// Whether a missing key is an error; a loader that answers from recordings needs none.
    public var requiresKeys: Bool
    /// The longest one attempt may take, in seconds, body included.
    public var timeout: Double
    /// How transient failures are retried.
    public var retryPolicy: RetryPolicy

    /// The KOBIS root, over https so the key never travels in clear text.
    public static let defaultKOBISBaseURL = URL.constant("https://www.kobis.or.kr/kobisopenapi/webservice/rest")
    /// The Kakao root.
    public static let defaultKakaoBaseURL = URL.constant("https://dapi.kakao.com")
    /// Seconds an attempt may take unless told otherwise.
    public static let defaultTimeout = 15.0
    /// `boxoffice/<version>`.
    public static let defaultUserAgent = "boxoffice/\(BoxOfficeClient.version)"

    /// Creates a configuration; everything but the keys has a default.
    public init(
        kobisKey: String? = nil,
        kakaoKey: String? = nil,
        kobisBaseURL: URL = ClientConfiguration.defaultKOBISBaseURL,
        kakaoBaseURL: URL = ClientConfiguration.defaultKakaoBaseURL,
        userAgent: String = ClientConfiguration.defaultUserAgent,
        requiresKeys: Bool = true,
        timeout: Double = ClientConfiguration.defaultTimeout,
        retryPolicy: RetryPolicy = RetryPolicy()
    ) {
        self.kobisKey = kobisKey
        self.kakaoKey = kakaoKey
        self.kobisBaseURL = kobisBaseURL
        self.kakaoBaseURL = kakaoBaseURL
        self.userAgent = userAgent
        self.requiresKeys = requiresKeys
        self.timeout = timeout
        self.retryPolicy = retryPolicy
    }

    func baseURL(for service: APIService) -> URL {
        switch service {
        case .kobis: kobisBaseURL
        case .kakao: kakaoBaseURL
        }
    }

    func key(for service: APIService) -> String? {
        let key = switch service {
        case .kobis: kobisKey
        case .kakao: kakaoKey
        }
        return key.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Bounded retries with exponential backoff and full jitter.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt.
    public var retries: Int
    /// The first backoff ceiling, in seconds.
    public var baseDelay: Double
    /// The largest backoff ceiling, in seconds.
    public var maximumDelay: Double
    /// The longest `Retry-After` we wait for, in seconds.
    public var maximumRetryAfter: Double

    /// Retries unless told otherwise.
    public static let defaultRetries = 2

    /// Creates a policy.
    public init(retries: Int = RetryPolicy.defaultRetries, baseDelay: Double = 0.5, maximumDelay: Double = 8, maximumRetryAfter: Double = 30) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The wait before retry number `retry` (1-based): full jitter below an exponential ceiling,
    /// or the server's `Retry-After` when it gave one.
    public func delay(beforeRetry retry: Int, retryAfter: Double?) -> Double {
        if let retryAfter, !retryAfter.isNaN {
            return min(max(retryAfter, 0), maximumRetryAfter)
        }
        let growth = Double(sign: .plus, exponent: max(retry - 1, 0), significand: 1) // 2^(retry - 1)
        let ceiling = min(maximumDelay, baseDelay * growth)
        return Double.random(in: 0...ceiling)
    }
}

/// Whether the cache is read and written.
public enum CacheMode: Sendable {
    /// Read fresh entries, write new answers.
    case normal
    /// Skip reading, write the fresh answer.
    case refresh
    /// Neither read nor write.
    case disabled

    var reads: Bool { self == .normal }
    var writes: Bool { self != .disabled }
}

/// What the client did, for `--verbose` and the quota counter; the library itself never prints.
public enum ClientEvent: Sendable {
    /// A request is about to be counted and go to the loader (the network, unless replaying):
    /// what follows may write the ledger and the cache, and may take a while.
    case requestSent(APIService)
    /// The ledger counted a call: the day's count so far, and whether the file was unreadable
    /// and had to be started afresh.
    case callCounted(APIService, today: Int, ledgerWasUnreadable: Bool)
    /// The ledger could not be written; the call went ahead uncounted.
    case ledgerFailed(reason: String)
    /// An answer came from the cache.
    case cacheHit(String)
    /// A transient failure will be retried after `delay` seconds.
    case retrying(APIService, attempt: Int, reason: String, delay: Double)
    /// A cache entry could not be used and will be fetched again.
    case cacheEntryUnusable(String, reason: String)
    /// An answer could not be written to the cache.
    case cacheWriteFailed(String, reason: String)
}

extension URL {
    /// A URL written in the source, which is known to parse.
    static func constant(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("not a URL: \(text)") }
        return url
    }
}
