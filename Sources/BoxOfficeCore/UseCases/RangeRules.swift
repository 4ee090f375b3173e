/// The rules every range of charts keeps, whoever asks (an app, a script, an agent):
/// its first day is not after its last, it is no longer than `ChartQuery.longestDailyRange` days
/// or `ChartQuery.longestWeeklyRange` weeks, a weekly range holds the periods that start in it,
/// and what has not ended has no figures to ask for. Each broken rule is thrown as
/// `BoxOfficeError.invalidRange` before any request is made.
public enum RangeRules {
    /// Every day from `from` to `to`, both included.
    public static func days(from: KSTDate, to: KSTDate) throws(BoxOfficeError) -> [KSTDate] {
        guard from <= to else { throw .invalidRange(.reversed(from: from, to: to)) }
        let count = to.days(since: from) + 1
        guard count <= ChartQuery.longestDailyRange else {
            throw .invalidRange(.tooLong(count: count, limit: ChartQuery.longestDailyRange, unit: .days))
        }
        return (0..<count).map { from.adding(days: $0) }
    }

    /// A day of each `period` that starts between `from` and `to`, in order: August's weekends
    /// are those whose Friday is in August, not the one that ends on September 3. Those that have
    /// ended before `today` are to be fetched; the others (`notEnded`) are left out, unless none
    /// has ended, which is `RangeProblem.notEndedYet`.
    public static func weeks(
        _ period: WeekPeriod, from: KSTDate, to: KSTDate, today: KSTDate
    ) throws(BoxOfficeError) -> (ended: [KSTDate], notEnded: [KSTDate]) {
        guard from <= to else { throw .invalidRange(.reversed(from: from, to: to)) }
        let firstMonday = from.adding(days: 1 - from.weekday)
        let weeks = to.days(since: firstMonday) / 7 + 1
        guard weeks <= ChartQuery.longestWeeklyRange else {
            throw .invalidRange(.tooLong(count: weeks, limit: ChartQuery.longestWeeklyRange, unit: .weeks))
        }
        let dates = (0..<weeks).map { firstMonday.adding(days: $0 * 7) }.filter { (from...to).contains(period.firstDay(ofWeekContaining: $0)) }
        guard let last = dates.last else { throw .invalidRange(.nothingStarts(period, from: from, to: to)) }
        let ended = dates.filter { period.lastDay(ofWeekContaining: $0) < today }
        guard !ended.isEmpty else { throw notEnded(period, containing: last, today: today) }
        return (ended, dates.filter { period.lastDay(ofWeekContaining: $0) >= today })
    }

    /// `date`, when the `period` that holds it has ended before `today`.
    public static func endedWeek(_ period: WeekPeriod, containing date: KSTDate, today: KSTDate) throws(BoxOfficeError) -> KSTDate {
        guard period.lastDay(ofWeekContaining: date) < today else { throw notEnded(period, containing: date, today: today) }
        return date
    }

    /// The days a movie's trend reads: `from` to `to`; with only `from`, a year from it, or up to
    /// `yesterday` (the last day with figures) if sooner; with only `to`, back to the opening or a
    /// year; with neither, the first year from the opening, up to yesterday. Without `movie` (not
    /// looked up yet) the rules that need no opening are kept; with it, days given that all come
    /// before its opening are `RangeProblem.endsBeforeOpening`.
    public static func trendDays(from: KSTDate?, to: KSTDate?, movie: MovieDetails? = nil, yesterday: KSTDate) throws(BoxOfficeError) -> [KSTDate] {
        let longest = ChartQuery.longestDailyRange
        let opening = movie?.openDate
        let dates: [KSTDate]
        switch (from, to) {
        case let (from?, to?):
            dates = try days(from: from, to: to)
        case let (from?, nil):
            let end = min(from.adding(days: longest - 1), yesterday)
            guard from <= end else { throw .invalidRange(.notEndedYet(nil, firstDay: from, lastDay: from, today: yesterday.adding(days: 1))) }
            dates = try days(from: from, to: end)
        case let (nil, to?):
            dates = try days(from: max(min(opening ?? to, to), to.adding(days: 1 - longest)), to: to)
        case (nil, nil):
            let start = min(opening ?? yesterday, yesterday)
            dates = try days(from: start, to: min(start.adding(days: longest - 1), yesterday))
        }
        if from != nil || to != nil, let movie, let opening, let last = dates.last, last < opening {
            throw .invalidRange(.endsBeforeOpening(movieCode: movie.code, title: movie.title, lastDay: last, opening: opening))
        }
        return dates
    }

    /// A query no longer than the longest range of its kind, however its dates were chosen.
    static func check(_ query: ChartQuery) throws(BoxOfficeError) {
        let (limit, unit): (Int, RangeProblem.Unit) =
            switch query.kind {
            case .daily: (ChartQuery.longestDailyRange, .days)
            case .weekly: (ChartQuery.longestWeeklyRange, .weeks)
            }
        guard query.dates.count <= limit else { throw .invalidRange(.tooLong(count: query.dates.count, limit: limit, unit: unit)) }
    }

    private static func notEnded(_ period: WeekPeriod, containing date: KSTDate, today: KSTDate) -> BoxOfficeError {
        .invalidRange(
            .notEndedYet(period, firstDay: period.firstDay(ofWeekContaining: date), lastDay: period.lastDay(ofWeekContaining: date), today: today))
    }
}
