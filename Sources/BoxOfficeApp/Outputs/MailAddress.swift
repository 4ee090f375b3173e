import BoxOfficeCore
/// A mail address the user gave (`--mail-to`, `--mail-from`): `name@example.com` or
/// `Name <name@example.com>`, checked so that nothing but an address reaches a header: no line
/// break, no second address, no quoting tricks.
package struct MailAddress: Sendable, Hashable {
    /// The address proper, `local@domain`.
    package let address: String
    /// The name shown beside it, if any.
    package let name: String?

    /// The longest address a path may carry (RFC 5321 §4.5.3.1.3, less the angle brackets).
    static let maximumLength = 254
    /// The longest name kept, so that a header line stays short.
    static let maximumNameLength = 64
    private static let atomSymbols = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)

    /// The address in `text`, or nil when it is not exactly one plain address.
    package init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        var name: String?
        var address = trimmed
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            let shown = String(trimmed[..<open]).trimmingSpaces
            address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            guard shown.count <= Self.maximumNameLength,
                shown.unicodeScalars.allSatisfy({ !Self.isControl($0) && !"<>\"\\".unicodeScalars.contains($0) })
            else { return nil }
            name = shown.isEmpty ? nil : shown
        }
        guard address.utf8.count <= Self.maximumLength, Self.isAddress(address) else { return nil }
        self.address = address
        self.name = name
    }

    /// `local@domain`: a dot-atom before the `@`, host name labels after it, ASCII only.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else { return false }
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return !local.isEmpty && local.utf8.count <= 64
            && atoms.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { isLetterOrDigit($0) || atomSymbols.contains($0) } }
            && labels.allSatisfy { label in
                !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy { isLetterOrDigit($0) || $0 == "-" }
            }
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The domain, for a Message-ID.
    var domain: String {
        address.split(separator: "@").last.map(String.init) ?? MailMessage.fallbackDomain
    }

    /// As a header writes it: `"Name" <local@domain>`, the name encoded when it is not ASCII.
    var headerText: String {
        guard let name else { return address }
        let shown =
            name.unicodeScalars.allSatisfy { $0.isASCII }
            ? "\"" + name + "\""
            : MailMessage.encodedWords(name).joined(separator: " ")
        return "\(shown) <\(address)>"
    }
}

package extension String {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
