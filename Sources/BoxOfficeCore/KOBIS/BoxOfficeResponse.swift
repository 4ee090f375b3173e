/// The body of the daily and weekly box-office endpoints, as KOBIS sends it.
package struct BoxOfficeResponse: APIResponse {
    /// The chart itself.
    package let boxOfficeResult: BoxOfficeResultDTO
}

/// The `boxOfficeResult` object shared by the daily and weekly charts.
package struct BoxOfficeResultDTO: Decodable, Sendable {
    /// `일별 박스오피스`, `주간 박스오피스` and the like.
    package let boxofficeType: String?
    /// `YYYYMMDD~YYYYMMDD`: the days the chart covers.
    package let showRange: String
    /// `YYYYWW`, weekly charts only.
    package let yearWeekTime: String?
    /// Present on daily charts; missing or empty when there is no data.
    package let dailyBoxOfficeList: [BoxOfficeEntryDTO]?
    /// Present on weekly charts; missing or empty when there is no data.
    package let weeklyBoxOfficeList: [BoxOfficeEntryDTO]?

    /// Whichever list the chart carries, or none.
    package var entries: [BoxOfficeEntryDTO] { dailyBoxOfficeList ?? weeklyBoxOfficeList ?? [] }

    /// The first and last day of `showRange`, or a malformed-response error.
    package func days() throws -> (first: KSTDate, last: KSTDate) {
        let days = showRange.split(separator: "~").map { String($0).trimmed }
        guard days.count == 2, let first = KSTDate(parsing: days[0]), let last = KSTDate(parsing: days[1]) else {
            throw BoxOfficeError.malformedResponse(
                .kobis, expected: Words("a box-office JSON body", "box-office JSON 본문"),
                detail: Words(
                    "showRange is \"\(WireValue.excerpt(showRange))\", not YYYYMMDD~YYYYMMDD",
                    "showRange가 YYYYMMDD~YYYYMMDD가 아니라 \"\(WireValue.excerpt(showRange))\"입니다"))
        }
        return (first, last)
    }

    /// Throws unless the chart covers exactly these days.
    func expectRange(from first: KSTDate, to last: KSTDate) throws {
        let days = try days()
        guard days.first == first, days.last == last else {
            let range = { (first: KSTDate, last: KSTDate) in first == last ? first.iso : "\(first.iso)~\(last.iso)" }
            throw BoxOfficeError.answerMismatch(
                .kobis, asked: Words("the chart of \(range(first, last))", "\(range(first, last)) 박스오피스"),
                answered: Words("the chart of \(range(days.first, days.last))", "\(range(days.first, days.last)) 박스오피스"))
        }
    }
}

/// One movie of a chart; every value is a string on the wire.
package struct BoxOfficeEntryDTO: Decodable, Sendable {
    /// Row number.
    package let rnum: String?
    /// Rank in this chart.
    package let rank: String
    /// Change of rank against the previous chart; may be negative.
    package let rankInten: String?
    /// `OLD` or `NEW`.
    package let rankOldAndNew: String?
    /// The KOBIS movie code.
    package let movieCd: String
    /// The Korean title.
    package let movieNm: String
    /// Opening date, `YYYY-MM-DD`; may be empty or blank.
    package let openDt: String?
    /// Sales in won.
    package let salesAmt: String?
    /// Share of all sales, in percent.
    package let salesShare: String?
    /// Sales change against the previous chart.
    package let salesInten: String?
    /// Sales change rate, in percent.
    package let salesChange: String?
    /// Cumulative sales.
    package let salesAcc: String?
    /// Audience.
    package let audiCnt: String?
    /// Audience change against the previous chart.
    package let audiInten: String?
    /// Audience change rate, in percent.
    package let audiChange: String?
    /// Cumulative audience.
    package let audiAcc: String?
    /// Screens.
    package let scrnCnt: String?
    /// Shows.
    package let showCnt: String?
}
