/// The two services the library talks to.
public enum APIService: String, Sendable, Hashable, CaseIterable {
    /// The Korean Film Council's KOBIS Open API.
    case kobis
    /// Kakao (Daum) image search.
    case kakao

    /// The name people know the service by.
    /// The name Korean readers know it by: KOBIS, 카카오.
    package var koreanName: String {
        switch self {
        case .kobis: "KOBIS"
        case .kakao: "카카오"
        }
    }

    public var displayName: String {
        switch self {
        case .kobis: "KOBIS"
        case .kakao: "Kakao"
        }
    }

    /// The environment variable that holds the service's key.
    public var keyVariable: String {
        switch self {
        case .kobis: "KOBIS_API_KEY"
        case .kakao: "KAKAO_REST_API_KEY"
        }
    }

    /// Where a person gets a key.
    public var keyHome: String {
        switch self {
        case .kobis: "kobis.or.kr/kobisopenapi"
        case .kakao: "developers.kakao.com"
        }
    }

    /// Calls a key may make in one day.
    public var dailyQuota: Int {
        switch self {
        case .kobis: 3_000
        case .kakao: 30_000
        }
    }
}
