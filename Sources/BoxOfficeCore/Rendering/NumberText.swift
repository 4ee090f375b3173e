import Foundation

/// Numbers as people and scripts read them, independent of the locale.
public enum NumberText {
    /// Thousands grouped with commas: 1,234,567.
    public static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A decimal without exponent or trailing zeros: 12.5, 3, -0.25; empty when not finite.
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        let text = String(value)
        // Swift writes very large and very small values with an exponent; Decimal never does.
        return text.contains("e") ? "\(Decimal(value))" : text
    }
}
