/// Which days of a week a weekly chart adds up (`weekGb`).
public enum WeekPeriod: String, Sendable, Hashable, CaseIterable, Codable {
    /// Monday to Sunday (`weekGb=0`).
    case week
    /// Friday to Sunday (`weekGb=1`, KOBIS's own default).
    case weekend
    /// Monday to Thursday (`weekGb=2`).
    case weekdays

    var code: String {
        switch self {
        case .week: "0"
        case .weekend: "1"
        case .weekdays: "2"
        }
    }

    /// The first day of the period in the Monday-to-Sunday week that holds `date`.
    public func firstDay(ofWeekContaining date: KSTDate) -> KSTDate {
        let monday = date.adding(days: 1 - date.weekday)
        return self == .weekend ? monday.adding(days: 4) : monday
    }

    /// The last day of the period in the Monday-to-Sunday week that holds `date`.
    public func lastDay(ofWeekContaining date: KSTDate) -> KSTDate {
        let monday = date.adding(days: 1 - date.weekday)
        return self == .weekdays ? monday.adding(days: 3) : monday.adding(days: 6)
    }

    /// A day in the latest period that has fully ended before `today`.
    public func latestEnded(before today: KSTDate) -> KSTDate {
        let thisWeeksEnd = lastDay(ofWeekContaining: today)
        return thisWeeksEnd < today ? thisWeeksEnd : thisWeeksEnd.adding(days: -7)
    }

    /// What Korean readers call it: 주간, 주말, 주중.
    package var koreanName: String {
        switch self {
        case .week: "주간"
        case .weekend: "주말"
        case .weekdays: "주중"
        }
    }
}
