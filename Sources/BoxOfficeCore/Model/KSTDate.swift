#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A calendar day in Korea Standard Time, the only calendar KOBIS speaks.
///
/// Korea has kept UTC+9 without daylight saving since 1988, so "today in Seoul" is plain
/// arithmetic on the instant and needs no time-zone database (cron machines often lack one).
public struct KSTDate: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The year, for example 2023.
    public let year: Int
    /// The month, 1 through 12.
    public let month: Int
    /// The day of the month, 1 through 31.
    public let day: Int

    private static let secondsPerDay = 86_400
    private static let seoulOffsetSeconds = 9 * 3_600

    /// Creates a date when the three parts name a real day of the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...KSTDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYYMMDD` or `YYYY-MM-DD`; anything else, or an impossible day, gives `nil`.
    public init?(parsing text: String) {
        // Byte by byte: this runs for every date of every chart.
        let bytes = Array(text.utf8)
        let positions: [Int]
        switch bytes.count {
        case 8: positions = Array(0..<8)
        case 10 where bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-"): positions = [0, 1, 2, 3, 5, 6, 8, 9]
        default: return nil
        }
        var digits: [Int] = []
        for position in positions {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            digits.append(Int(byte - UInt8(ascii: "0")))
        }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        self.init(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
    }

    /// The day it is in Seoul at the given instant.
    public static func today(at instant: Date = Date()) -> KSTDate {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + seoulOffsetSeconds
        let days = Int((Double(seconds) / Double(secondsPerDay)).rounded(.down))
        return KSTDate(daysSinceEpoch: days)
    }

    /// Seconds since midnight in Seoul at the given instant, 0 through 86,399.
    package static func secondOfDay(at instant: Date) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + seoulOffsetSeconds - today(at: instant).daysSinceEpoch * secondsPerDay
    }

    /// `YYYYMMDD`, the form KOBIS takes in requests.
    public var compact: String { Self.padded(year, 4) + Self.padded(month, 2) + Self.padded(day, 2) }

    /// `YYYY-MM-DD`, the form our output uses.
    public var iso: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) }

    /// Zero-padded digits, without going through `String(format:)` on every row of a chart.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }

    /// The ISO form.
    public var description: String { iso }

    /// `"YYYY-MM-DD"`, as every JSON of ours writes a day.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    /// Reads `"YYYY-MM-DD"` back, the form `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard text.utf8.count == 10, let date = KSTDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a YYYY-MM-DD day")
        }
        self = date
    }

    /// The ISO weekday: 1 for Monday through 7 for Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let thursday = 4
        let offset = (daysSinceEpoch % 7 + 7) % 7
        return (thursday - 1 + offset) % 7 + 1
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> KSTDate {
        KSTDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Days from `other` to this date.
    public func days(since other: KSTDate) -> Int {
        daysSinceEpoch - other.daysSinceEpoch
    }

    /// Whether this date comes before the other.
    public static func < (lhs: KSTDate, rhs: KSTDate) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// Days since 1970-01-01, after Howard Hinnant's days_from_civil.
    var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count, after Howard Hinnant's civil_from_days.
    init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}
