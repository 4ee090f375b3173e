/// The file name, without `.json`, under which a request's answer is recorded, replayed and cached.
///
/// `kobis/daily-20230818`, `kobis/weekly-20230813-weekGb=0`, `kobis/movie-20124079`,
/// `kobis/movielist-movieNm=%EB%B0%80%EC%88%98`, `kakao/image-search-query=...-size=10`:
/// the endpoint, its main value, then every other parameter but the key, sorted by name.
/// It is built from the endpoint's parameters, which never hold the key.
package enum RecordingName {
    /// The name for an endpoint's parameters; the key is never among them.
    static func make(service: APIService, name: String, mainParameter: String?, parameters: [QueryParameter]) -> String {
        var result = service.rawValue + "/" + name
        if let mainParameter, let value = parameters.first(where: { $0.name == mainParameter })?.value {
            result += "-" + encode(value)
        }
        for parameter in parameters.filter({ $0.name != mainParameter }).sorted(by: { $0.name < $1.name }) {
            result += "-" + encode(parameter.name) + "=" + encode(parameter.value)
        }
        return result
    }

    /// The file, relative to a cache or recording folder, that holds the answer named `name`.
    /// File systems allow 255 bytes a name, so a long one (a long search query) keeps its first
    /// 40 characters and gets a hash of the whole in place of the rest.
    package static func fileName(for name: String) -> String {
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
