import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The file name, without `.json`, under which a request's answer is recorded, replayed and cached.
///
/// `kobis/daily-20230818`, `kobis/weekly-20230813-weekGb=0`, `kobis/movie-20124079`,
/// `kobis/movielist-movieNm=%EB%B0%80%EC%88%98`, `kakao/image-search-query=...-size=10`:
/// the endpoint, its main value, then every other parameter but the key, sorted by name.
/// It is built from the request alone, so it never holds the key and the replayer can use it.
public enum RecordingName {
    private struct Route {
        let pathSuffix: String
        let prefix: String
        let mainParameter: String?
    }

    private static let routes = [
        Route(pathSuffix: "/boxoffice/searchDailyBoxOfficeList.json", prefix: "kobis/daily", mainParameter: "targetDt"),
        Route(pathSuffix: "/boxoffice/searchWeeklyBoxOfficeList.json", prefix: "kobis/weekly", mainParameter: "targetDt"),
        Route(pathSuffix: "/movie/searchMovieInfo.json", prefix: "kobis/movie", mainParameter: "movieCd"),
        Route(pathSuffix: "/movie/searchMovieList.json", prefix: "kobis/movielist", mainParameter: nil),
        Route(pathSuffix: "/v2/search/image", prefix: "kakao/image-search", mainParameter: nil),
    ]

    /// Parameters that never reach a name: the KOBIS key travels in the query.
    private static let secretParameters: Set<String> = ["key"]

    /// The name for a request, or nil when it is not one of our endpoints.
    public static func make(for request: URLRequest) -> String? {
        guard let url = request.url,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let route = routes.first(where: { components.path.hasSuffix($0.pathSuffix) }) else { return nil }
        let items = (components.queryItems ?? []).filter { !secretParameters.contains($0.name) }
        var name = route.prefix
        if let main = route.mainParameter, let value = items.first(where: { $0.name == main })?.value {
            name += "-" + encode(value)
        }
        let rest = items.filter { $0.name != route.mainParameter }.sorted { $0.name < $1.name }
        for item in rest {
            name += "-" + encode(item.name) + "=" + encode(item.value ?? "")
        }
        return name
    }

    /// The file, relative to a cache or recording folder, that holds the answer named `name`.
    /// File systems allow 255 bytes a name, so a long one (a long search query) keeps its first
    /// 40 characters and gets a hash of the whole in place of the rest.
    public static func fileName(for name: String) -> String {
        guard name.utf8.count > longestName else { return name + ".json" }
        let parts = name.split(separator: "/", maxSplits: 1)
        let folder = parts.count == 2 ? String(parts[0]) + "/" : ""
        return folder + String((parts.last ?? "").prefix(40)) + "-" + hash(name) + ".json"
    }

    private static let longestName = 200

    /// FNV-1a, enough to tell long names apart; not a security boundary.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16)
    }

    /// Letters (Hangul included) and digits stay readable; anything that could split a path
    /// or the name itself is percent-encoded.
    private static func encode(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." && !result.isEmpty {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    result += PercentEncoding.escape(byte)
                }
            }
        }
        return result
    }
}
