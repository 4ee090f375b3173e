import BoxOfficeCore

/// Days as Korean readers write them.
package enum KoreanDate {
    private static let weekdays = ["일", "월", "화", "수", "목", "금", "토"]

    /// `2023년 8월 18일(금)`, as Korean newspapers write a day.
    package static func long(_ date: KSTDate) -> String {
        "\(date.year)년 \(date.month)월 \(date.day)일(\(weekdays[date.weekday % 7]))"
    }

    /// `8월 11일(금)`: a day without its year.
    package static func monthDay(_ date: KSTDate) -> String {
        "\(date.month)월 \(date.day)일(\(weekdays[date.weekday % 7]))"
    }

    /// A run of days as Korean prose writes it, the parts the first day shares left out of the
    /// last: `2023년 8월 11일(금)~13일(일)`, `2023년 7월 31일(월)~8월 6일(일)`.
    package static func range(_ first: KSTDate, _ last: KSTDate) -> String {
        guard first != last else { return long(first) }
        let end =
            first.year != last.year
            ? long(last) : first.month != last.month ? monthDay(last) : "\(last.day)일(\(weekdays[last.weekday % 7]))"
        return "\(long(first))~\(end)"
    }

    /// `2023년 8월` for a whole month, `2023년` for a whole year, else the range of days.
    package static func period(_ first: KSTDate, _ last: KSTDate) -> String {
        let wholeMonth = first.day == 1 && last.adding(days: 1).day == 1 && first.month == last.month && first.year == last.year
        let wholeYear = first.month == 1 && first.day == 1 && last.month == 12 && last.day == 31 && first.year == last.year
        if wholeYear { return "\(first.year)년" }
        if wholeMonth { return "\(first.year)년 \(first.month)월" }
        return range(first, last)
    }

    /// `2023년 8월 18일`.
    package static func plain(_ date: KSTDate) -> String {
        "\(date.year)년 \(date.month)월 \(date.day)일"
    }

    /// `400만`, `1,000만`, `12만 5,000`: a number of people as Korean counts them, by 만 (10,000).
    package static func count(_ value: Int64) -> String {
        let tenThousands = value / 10_000
        let rest = value % 10_000
        guard tenThousands > 0 else { return NumberText.grouped(value) }
        return NumberText.grouped(tenThousands) + "만" + (rest == 0 ? "" : " " + NumberText.grouped(rest))
    }
}
