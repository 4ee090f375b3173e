#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The date form of HTTP headers (RFC 9110, section 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    /// The instant an IMF-fixdate names, or nil for anything else. The obsolete RFC 850 and
    /// asctime forms are not read: a `Retry-After` in them is ignored, as before any retry.
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), dayNames.contains(String(parts[0].dropLast())),
              parts[1].count == 2, let day = Int(parts[1]),
              let month = monthNames.firstIndex(of: String(parts[2])),
              parts[3].count == 4, let year = Int(parts[3]),
              parts[5] == "GMT" else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              hour < 24, minute < 60, second <= 60,
              parts[1].allSatisfy(\.isASCIIDigit), parts[3].allSatisfy(\.isASCIIDigit),
              let date = KSTDate(year: year, month: month + 1, day: day) else { return nil }
        // The calendar arithmetic is KSTDate's; the day is taken as a UTC day here.
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension Character {
    /// 0 through 9, and nothing else that Unicode calls a digit.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
