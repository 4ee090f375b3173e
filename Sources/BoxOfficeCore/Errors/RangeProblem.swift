/// Why a range of days or weeks cannot be asked for (`BoxOfficeError.invalidRange`): what
/// `RangeRules` refuses, with the days an app needs to say which, and no word of any tool.
public enum RangeProblem: Sendable, Hashable, CustomStringConvertible {
    /// The first day comes after the last.
    case reversed(from: KSTDate, to: KSTDate)
    /// The range covers more days or weeks than any range may.
    case tooLong(count: Int, limit: Int, unit: Unit)
    /// No period of this kind starts between the two days, and a weekly range holds the periods
    /// that start in it.
    case nothingStarts(WeekPeriod, from: KSTDate, to: KSTDate)
    /// Nothing in the range has ended, so nothing has figures yet: the period that runs from
    /// `firstDay` to `lastDay` (or, without a period, that day) is still going on `today`.
    case notEndedYet(WeekPeriod?, firstDay: KSTDate, lastDay: KSTDate, today: KSTDate)
    /// A movie's run was asked for days that all come before its opening.
    case endsBeforeOpening(movieCode: String, title: String, lastDay: KSTDate, opening: KSTDate)

    /// What a range counts.
    public enum Unit: String, Sendable, Hashable {
        /// Days, in a daily range or a trend.
        case days
        /// Weeks, in a weekly range.
        case weeks
    }

    /// One sentence a person can act on.
    public var description: String {
        switch self {
        case .reversed(let from, let to):
            return "The range's first day, \(from.iso), is after its last day, \(to.iso)."
        case .tooLong(let count, let limit, let unit):
            let span = unit == .weeks ? " (five years)" : ""
            return "The range covers \(NumberText.grouped(Int64(count))) \(unit.rawValue); at most \(limit)\(span) are allowed."
        case .nothingStarts(let period, let from, let to):
            return "No \(period.rawValue) starts between \(from.iso) and \(to.iso); a range holds the periods that start in it."
        case .notEndedYet(let period?, let firstDay, let lastDay, let today):
            let (verb, possessive) = period == .weekdays ? ("have", "their") : ("has", "its")
            return
                "The \(period.rawValue) of \(firstDay.iso) \(verb) not ended yet (\(possessive) last day is \(lastDay.iso), today in Seoul is \(today.iso)); ask for an earlier week."
        case .notEndedYet(nil, let firstDay, _, let today):
            return "\(firstDay.iso) has not ended yet (today in Seoul is \(today.iso)), so it has no figures; ask for an earlier day."
        case .endsBeforeOpening(let code, let title, let lastDay, let opening):
            return
                "The range ends on \(lastDay.iso), before \(TerminalText.sanitize(title).trimmed) (\(TerminalText.sanitize(code).trimmed)) opened on \(opening.iso)."
        }
    }
}
