/// A KOBIS common-code group and its codes. Its `Codable` form is a documented JSON contract.
public struct CodeList: Sendable, Hashable, Identifiable, Codable {
    /// The group's `comCode`.
    public var group: String
    /// Its codes, in KOBIS's order.
    public var codes: [Code]

    /// The group's `comCode`.
    public var id: String { group }

    /// Creates a code list.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case group, codes
    }

    /// The JSON the synthesized `encode(to:)` writes.
    package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
        switch key {
        case .group: .string
        case .codes: .array(Code.jsonSchema)
        }
    }

    public init(group: String, codes: [Code] = []) {
        self.group = group
        self.codes = codes
    }

    /// One code.
    public struct Code: Sendable, Hashable, Identifiable, Codable {
        /// The code, such as `0105001`.
        public var code: String
        /// Korean name.
        public var name: String
        /// English name.
        public var nameEnglish: String?

        /// The code.
        public var id: String { code }

        /// Creates a code.
        public init(code: String, name: String, nameEnglish: String? = nil) {
            self.code = code
            self.name = name
            self.nameEnglish = nameEnglish
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case code, name, nameEnglish
        }

        /// `{"code", "name", "nameEnglish"}`.
        /// The JSON `encode(to:)` writes.
        package static let jsonSchema = JSONSchema.object(CodingKeys.self) { key in
            switch key {
            case .code, .name: .string
            case .nameEnglish: .nullable(.string)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(name, forKey: .name)
            try container.encode(nameEnglish, forKey: .nameEnglish)
        }
    }

    /// Maps a code list; a missing one is empty.
    package init(_ response: CodeListResponse, group: String) {
        let text = WireValue.text
        self.group = group
        codes = (response.codes ?? []).compactMap { dto in
            text(dto.fullCd).map { Code(code: $0, name: text(dto.korNm) ?? $0, nameEnglish: text(dto.engNm)) }
        }
    }

    /// The code a name stands for: its code itself, or its Korean or English name.
    public func code(named name: String) -> String? {
        let wanted = name.trimmed
        return codes.first { $0.code == wanted || $0.name == wanted || $0.nameEnglish?.lowercased() == wanted.lowercased() }?.code
    }
}
