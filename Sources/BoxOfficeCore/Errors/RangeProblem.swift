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
    /// A period of the archive starts after today: no day of it has a chart.
    case startsInTheFuture(firstDay: KSTDate, today: KSTDate)

    /// What a range counts.
    public enum Unit: String, Sendable, Hashable {
        /// Days, in a daily range or a trend.
        case days
        /// Weeks, in a weekly range.
        case weeks
    }

    /// One sentence a person can act on, in the app's language.
    public var description: String {
        Language.$current.withValue(Language.ofThisApp) { sentence }
    }

    /// The same in the language of the words being written.
    package var sentence: String {
        switch self {
        case .reversed(let from, let to):
            return bilingual(
                "The range's first day, \(from.iso), is after its last day, \(to.iso).",
                "범위의 첫날 \(from.iso, particle: .subject) 마지막 날 \(to.iso)보다 뒤입니다.")
        case .tooLong(let count, let limit, let unit):
            let count = NumberText.grouped(Int64(count))
            return unit == .weeks
                ? bilingual(
                    "The range covers \(count) weeks; at most \(limit) (five years) are allowed.", "범위가 \(count)주입니다. 최대 \(limit)주(5년)까지 됩니다.")
                : bilingual("The range covers \(count) days; at most \(limit) are allowed.", "범위가 \(count)일입니다. 최대 \(limit)일까지 됩니다.")
        case .nothingStarts(let period, let from, let to):
            return bilingual(
                "No \(period.rawValue) starts between \(from.iso) and \(to.iso); a range holds the periods that start in it.",
                "\(from.iso)~\(to.iso)에 시작하는 \(period.koreanName, particle: .subject) 없습니다. 범위에는 그 안에서 시작하는 기간만 들어갑니다.")
        case .notEndedYet(let period?, let firstDay, let lastDay, let today):
            let (verb, possessive) = period == .weekdays ? ("have", "their") : ("has", "its")
            return bilingual(
                "The \(period.rawValue) of \(firstDay.iso) \(verb) not ended yet (\(possessive) last day is \(lastDay.iso), today in Seoul is \(today.iso)); ask for an earlier week.",
                "\(firstDay.iso)부터의 \(period.koreanName, particle: .subject) 아직 끝나지 않았습니다(마지막 날 \(lastDay.iso), 한국 날짜로 오늘 \(today.iso)). 그 전 주를 고르세요."
            )
        case .notEndedYet(nil, let firstDay, _, let today):
            return bilingual(
                "\(firstDay.iso) has not ended yet (today in Seoul is \(today.iso)), so it has no figures; ask for an earlier day.",
                "\(firstDay.iso, particle: .topic) 아직 끝나지 않아(한국 날짜로 오늘 \(today.iso)) 집계가 없습니다. 그 전 날을 고르세요.")
        case .startsInTheFuture(let firstDay, let today):
            return bilingual(
                "The period starts in the future (\(firstDay.iso)): today in Seoul is \(today.iso), and KOBIS charts only days gone by.",
                "기간이 미래에 시작합니다(\(firstDay.iso)). 한국 날짜로 오늘은 \(today.iso)이고, KOBIS는 지난 날의 박스오피스만 냅니다.")
        case .endsBeforeOpening(let code, let title, let lastDay, let opening):
            let film = "\(TerminalText.sanitize(title).trimmed) (\(TerminalText.sanitize(code).trimmed))"
            return bilingual(
                "The range ends on \(lastDay.iso), before \(film) opened on \(opening.iso).",
                "범위가 \(lastDay.iso)에 끝나 \(film)의 개봉일 \(opening.iso)보다 이릅니다.")
        }
    }
}
