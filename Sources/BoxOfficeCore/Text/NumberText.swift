/// Numbers as people and scripts read them, independent of the locale.
package enum NumberText {
    /// Thousands grouped with commas: 1,234,567.
    package static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Thousands grouped with commas: 2,900.
    package static func grouped(_ value: Int) -> String {
        grouped(Int64(value))
    }

    /// How much of a list is shown: "1 of 1 company", "10 of 1,234 companies", the noun agreeing
    /// with the total; in Korean "1,234곳 가운데 10곳", counted by `counter` (건, 명, 곳, 장).
    package static func shown(_ count: Int, of total: Int, _ singular: String, _ plural: String, counter: String) -> String {
        bilingual(
            "\(grouped(Int64(count))) of \(grouped(Int64(total))) \(total == 1 ? singular : plural)",
            "\(grouped(Int64(total)))\(counter) 가운데 \(grouped(Int64(count)))\(counter)")
    }

    /// A decimal without exponent or trailing zeros: 12.5, 3, -0.25; empty when not finite.
    /// It reads back as the same `Double`.
    package static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        // Swift writes the shortest digits that read back exactly, but very large and very small
        // values with an exponent; moving the point by hand keeps those digits. (`Decimal` would
        // not: it rounds to 38 digits and cannot hold exponents beyond about ±128 at all.)
        return expandingExponent(String(value))
    }

    /// One decimal, always: 3.0, 32.4, -0.3; for shares people compare down a column.
    package static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e17 else { return decimal(value) }
        let whole = Int64(tenths)
        let sign = whole < 0 ? "-" : ""
        return "\(sign)\(whole.magnitude / 10).\(whole.magnitude % 10)"
    }

    /// `-1.5e-07` as `-0.00000015`, `1e+20` as `100000000000000000000`.
    private static func expandingExponent(_ text: String) -> String {
        let parts = text.split(separator: "e", maxSplits: 1)
        guard parts.count == 2, let exponent = Int(parts[1]) else { return text }
        let isNegative = parts[0].hasPrefix("-")
        let mantissa = isNegative ? parts[0].dropFirst() : parts[0]
        let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = pieces.first.map(String.init) ?? ""
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        let digits = whole + fraction
        let point = whole.count + exponent
        var result: String
        if point <= 0 {
            result = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result = digits + String(repeating: "0", count: point - digits.count)
        } else {
            result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        while result.count > 1, result.hasPrefix("0"), !result.hasPrefix("0.") { result.removeFirst() }
        return (isNegative ? "-" : "") + result
    }
}
