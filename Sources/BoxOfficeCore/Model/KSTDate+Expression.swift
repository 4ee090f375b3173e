extension KSTDate {
    /// Reads a date as people type it: `YYYYMMDD`, `YYYY-MM-DD`, `today`, `yesterday` or `-Nd`
    /// (N days before today). Returns nil for anything else or an impossible day.
    public static func resolve(_ expression: String, today: KSTDate) -> KSTDate? {
        let text = expression.trimmed.lowercased()
        switch text {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if text.hasPrefix("-"), text.hasSuffix("d"), let days = Int(text.dropFirst().dropLast()), days >= 0, days <= maximumDaysBack {
            return today.adding(days: -days)
        }
        return KSTDate(parsing: text)
    }

    /// `-Nd` reaches back no further than this, which is well before KOBIS's first chart.
    static let maximumDaysBack = 100 * 366
}
