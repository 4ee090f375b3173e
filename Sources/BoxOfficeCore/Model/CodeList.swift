/// A KOBIS common-code group and its codes.
public struct CodeList: Sendable, Equatable {
    /// The group's `comCode`.
    public var group: String
    /// Its codes, in KOBIS's order.
    public var codes: [Code]

    /// One code.
    public struct Code: Sendable, Equatable {
        /// The code, such as `0105001`.
        public var code: String
        /// Korean name.
        public var name: String
        /// English name.
        public var nameEnglish: String?
    }

    /// Maps a code list; a missing one is empty.
    public init(_ response: CodeListResponse, group: String) {
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
