import BoxOfficeCore

/// In tests a heading made up on the spot reads the same in both languages: `Column("A")`. The
/// product has no such shortcut, so that a declared text without its Korean does not compile.
extension Words: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        self.init(verbatim: text)
    }
}
