/// One of the 17 regions KOBIS charts can be narrowed to (`wideAreaCd`). It encodes as
/// `{"code", "name"}`, the Korean name, as a chart's `filter` shows it.
public struct Region: Sendable, Hashable, Identifiable {
    /// The 7-digit KOBIS code, such as `0105001`.
    public let code: String
    /// The English name, such as `seoul`.
    public let englishName: String
    /// The Korean name, such as `서울`.
    public let koreanName: String

    /// The KOBIS code.
    public var id: String { code }

    /// Creates a region; `all` holds the ones KOBIS knows.
    public init(code: String, englishName: String, koreanName: String) {
        self.code = code
        self.englishName = englishName
        self.koreanName = koreanName
    }

    /// Every region, in KOBIS code order.
    public static let all: [Region] = [
        Region(code: "0105001", englishName: "seoul", koreanName: "서울"),
        Region(code: "0105002", englishName: "gyeonggi", koreanName: "경기"),
        Region(code: "0105003", englishName: "gangwon", koreanName: "강원"),
        Region(code: "0105004", englishName: "chungbuk", koreanName: "충북"),
        Region(code: "0105005", englishName: "chungnam", koreanName: "충남"),
        Region(code: "0105006", englishName: "gyeongbuk", koreanName: "경북"),
        Region(code: "0105007", englishName: "gyeongnam", koreanName: "경남"),
        Region(code: "0105008", englishName: "jeonbuk", koreanName: "전북"),
        Region(code: "0105009", englishName: "jeonnam", koreanName: "전남"),
        Region(code: "0105010", englishName: "jeju", koreanName: "제주"),
        Region(code: "0105011", englishName: "busan", koreanName: "부산"),
        Region(code: "0105012", englishName: "daegu", koreanName: "대구"),
        Region(code: "0105013", englishName: "daejeon", koreanName: "대전"),
        Region(code: "0105014", englishName: "ulsan", koreanName: "울산"),
        Region(code: "0105015", englishName: "incheon", koreanName: "인천"),
        Region(code: "0105016", englishName: "gwangju", koreanName: "광주"),
        Region(code: "0105017", englishName: "sejong", koreanName: "세종"),
    ]

    /// Finds a region by code, English name (any case) or Korean name, with or without the
    /// administrative suffix (`서울시`, `서울특별시`, `경기도`).
    public static func named(_ text: String) -> Region? {
        let wanted = text.trimmed.lowercased()
        if let region = all.first(where: { $0.code == wanted || $0.englishName == wanted || $0.koreanName == wanted }) {
            return region
        }
        let suffixes = ["특별자치시", "특별자치도", "특별시", "광역시", "시", "도"]
        for suffix in suffixes where wanted.hasSuffix(suffix) {
            let stem = String(wanted.dropLast(suffix.count))
            if let region = all.first(where: { $0.koreanName == stem }) { return region }
        }
        return nil
    }
}

extension Region: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case code, name
    }

    /// `{"code", "name"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(koreanName, forKey: .name)
    }

    /// Reads `{"code", "name"}` back: a region KOBIS knows by its code, any other as written.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        let name = try container.decode(String.self, forKey: .name)
        self = Region.all.first { $0.code == code && $0.koreanName == name } ?? Region(code: code, englishName: name, koreanName: name)
    }
}

extension Region {
    /// The JSON `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { _ in .string }
}
