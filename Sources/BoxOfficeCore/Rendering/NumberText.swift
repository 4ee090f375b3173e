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

    /// A decimal without exponent or trailing zeros: 12.5, 3, -0.25.
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        var text = String(value)
        if text.contains("e") {
            text = String(format6: value)
        }
        return text
    }
}

private extension String {
    /// Fixed notation with up to six decimals, trailing zeros removed.
    init(format6 value: Double) {
        let scaled = (value * 1_000_000).rounded()
        let negative = scaled < 0
        let magnitude = Int64(scaled.magnitude)
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = String(magnitude / 1_000_000)
        self = (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
