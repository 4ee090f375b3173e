#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The date forms of HTTP headers (RFC 9110, section 5.6.7). Read by hand: `DateFormatter` is in
/// corelibs Foundation, which the static binary does not link.
enum HTTPDate {
    /// The instant the text names in any of the three forms a recipient must accept, or nil:
    /// the IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 date
    /// `Sunday, 06-Nov-94 08:49:37 GMT` and the asctime date `Sun Nov  6 08:49:37 1994`.
    /// `now` places an RFC 850 two-digit year: one more than 50 years ahead is the century before.
    static func parse(_ text: String, now: Date) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        if parts.count == 6, parts[0].hasSuffix(","), shortDayNames.contains(String(parts[0].dropLast())) {
            return imfFixdate(parts)
        }
        if parts.count == 4, parts[0].hasSuffix(","), longDayNames.contains(String(parts[0].dropLast())) {
            return rfc850Date(parts, now: now)
        }
        if parts.count >= 5, shortDayNames.contains(String(parts[0])) {
            return asctimeDate(parts)
        }
        return nil
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    private static func imfFixdate(_ parts: [Substring]) -> Date? {
        guard let day = number(parts[1], digits: 2), let month = monthNames.firstIndex(of: String(parts[2])),
            let year = number(parts[3], digits: 4), parts[5] == "GMT"
        else { return nil }
        return instant(year: year, month: month + 1, day: day, clock: parts[4])
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`.
    private static func rfc850Date(_ parts: [Substring], now: Date) -> Date? {
        let date = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, let day = number(date[0], digits: 2), let month = monthNames.firstIndex(of: String(date[1])),
            let twoDigits = number(date[2], digits: 2), parts[3] == "GMT"
        else { return nil }
        // Taken in the century of now's year, then moved back a century if that is more than 50
        // years ahead, or on one if it is 50 or more behind: the one year of the 100 nearest now.
        let thisYear = KSTDate(daysSinceEpoch: Int((now.timeIntervalSince1970 / secondsPerDay).rounded(.down))).year
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 } else if year <= thisYear - 50 { year += 100 }
        return instant(year: year, month: month + 1, day: day, clock: parts[2])
    }

    /// `Sun Nov  6 08:49:37 1994`: a day below 10 may be padded with a space, which splits
    /// as an empty part, or with a zero.
    private static func asctimeDate(_ parts: [Substring]) -> Date? {
        var rest = parts.dropFirst()
        guard let monthName = rest.popFirst(), let month = monthNames.firstIndex(of: String(monthName)) else { return nil }
        let day: Int?
        if rest.first == "" {
            rest.removeFirst()
            day = rest.popFirst().flatMap { number($0, digits: 1) }
        } else {
            day = rest.popFirst().flatMap { number($0, digits: 2) }
        }
        guard let day, rest.count == 2, let clock = rest.first, let year = rest.last.flatMap({ number($0, digits: 4) }) else { return nil }
        return instant(year: year, month: month + 1, day: day, clock: clock)
    }

    /// The instant of a UTC day and an `HH:MM:SS` time, or nil if either does not exist.
    private static func instant(year: Int, month: Int, day: Int, clock: Substring) -> Date? {
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, let hour = number(fields[0], digits: 2), let minute = number(fields[1], digits: 2),
            let second = number(fields[2], digits: 2), hour < 24, minute < 60, second <= 60,
            let date = KSTDate(year: year, month: month, day: day)
        else { return nil }
        // The calendar arithmetic is KSTDate's; the day is taken as a UTC day here.
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Exactly `digits` ASCII digits as a number; a sign, a space or another script's digit is nil.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    private static let secondsPerDay = 86_400.0
    private static let shortDayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
