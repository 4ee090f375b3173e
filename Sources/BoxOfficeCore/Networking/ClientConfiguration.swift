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
    /// `BoxOfficeCore/<version>`: the library, which an app may name itself beside
    /// (`"MyApp/2.1 BoxOfficeCore/0.1.0"`).
    public static let defaultUserAgent = "BoxOfficeCore/\(BoxOfficeClient.version)"

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
        let key =
            switch service {
            case .kobis: kobisKey
            case .kakao: kakaoKey
            }
        return key.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension URL {
    /// A URL written in the source, which is known to parse.
    static func constant(_ text: StaticString) -> URL {
        guard let url = URL(string: "\(text)") else { preconditionFailure("not a URL: \(text)") }
        return url
    }
}
