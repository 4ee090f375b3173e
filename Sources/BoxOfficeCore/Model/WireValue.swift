/// Reads KOBIS's string-typed values into numbers and dates, naming the field when one is wrong.
struct WireValue {
    let service: APIService
    let body: String

    /// Blank means "not given"; anything else must be a whole number (commas allowed) no larger
    /// than `largestCount`.
    func count(_ field: String, _ text: String?) throws -> Int64? {
        guard let cleaned = Self.cleaned(text) else { return nil }
        if let value = Int64(cleaned) {
            guard abs(value) <= Self.largestCount else { throw invalid(field, text, Words("a count JSON can carry exactly", "JSON이 정확히 담을 수 있는 수")) }
            return value
        }
        // Documented as counts, but be lenient with a whole number written as a decimal.
        if let value = Double(cleaned), value == value.rounded(), abs(value) <= Double(Self.largestCount) { return Int64(value) }
        throw invalid(field, text, Words("a number", "숫자"))
    }

    /// 2^53, the largest whole number a JSON number carries exactly, a million times any real
    /// audience or takings. Within it, sums and differences of a chart's figures cannot overflow.
    static let largestCount: Int64 = 1 << 53

    /// A count that fits an `Int`.
    func smallCount(_ field: String, _ text: String?) throws -> Int? {
        try count(field, text).map { Int(clamping: $0) }
    }

    /// Blank means "not given"; changes and rates may be negative or decimal.
    func decimal(_ field: String, _ text: String?) throws -> Double? {
        guard let cleaned = Self.cleaned(text) else { return nil }
        guard let value = Double(cleaned), value.isFinite else { throw invalid(field, text, Words("a number", "숫자")) }
        return value
    }

    /// `YYYY-MM-DD` or `YYYYMMDD`; blank means unknown.
    func date(_ field: String, _ text: String?) throws -> KSTDate? {
        guard let cleaned = Self.cleaned(text) else { return nil }
        guard let date = KSTDate(parsing: cleaned) else { throw invalid(field, text, Words("a date", "날짜")) }
        return date
    }

    /// Trimmed text, nil when blank.
    static func text(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Values KOBIS joins into one string (`filmoNames`): split, trimmed, blanks dropped.
    static func list(_ value: String?, separator: Character) -> [String] {
        // `text` trims each piece and drops blank ones.
        (value ?? "").split(separator: separator).compactMap { text(String($0)) }
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let text = WireValue.text(text) else { return nil }
        return text.utf8.contains(UInt8(ascii: ",")) ? String(text.filter { $0 != "," }) : text
    }

    private func invalid(_ field: String, _ text: String?, _ expected: Words) -> BoxOfficeError {
        .malformedResponse(
            service, expected: Words("a \(body) JSON body", "\(body) JSON 본문"),
            detail: Words(
                "\(field) is \"\(Self.excerpt(text ?? ""))\", not \(expected.english)",
                "\(field) 값 \"\(Self.excerpt(text ?? ""))\"은 \(expected.korean)가 아닙니다"))
    }

    /// How much of a wrong value an error quotes.
    static let quotedCharacters = 40

    /// The start of a wrong value as an error quotes it: cut after what a terminal would not show
    /// is removed, so the cut never falls inside a disguised key that redaction of the whole line
    /// would then miss (40 characters of `k␛e␛y…` are 20 of the key).
    static func excerpt(_ text: String) -> String {
        String(TerminalText.sanitize(text).prefix(quotedCharacters))
    }
}
