/// The body of the daily and weekly box-office endpoints, as KOBIS sends it.
public struct BoxOfficeResponse: APIResponse {
    /// The chart itself.
    public let boxOfficeResult: BoxOfficeResultDTO
}

/// The `boxOfficeResult` object shared by the daily and weekly charts.
public struct BoxOfficeResultDTO: Decodable, Sendable {
    /// `일별 박스오피스`, `주간 박스오피스` and the like.
    public let boxofficeType: String?
    /// `YYYYMMDD~YYYYMMDD`: the days the chart covers.
    public let showRange: String
    /// `YYYYWW`, weekly charts only.
    public let yearWeekTime: String?
    /// Present on daily charts; missing or empty when there is no data.
    public let dailyBoxOfficeList: [BoxOfficeEntryDTO]?
    /// Present on weekly charts; missing or empty when there is no data.
    public let weeklyBoxOfficeList: [BoxOfficeEntryDTO]?

    /// Whichever list the chart carries, or none.
    public var entries: [BoxOfficeEntryDTO] { dailyBoxOfficeList ?? weeklyBoxOfficeList ?? [] }

    /// The first and last day of `showRange`, or a malformed-response error.
    public func days() throws -> (first: KSTDate, last: KSTDate) {
        let days = showRange.split(separator: "~").map { String($0).trimmed }
        guard days.count == 2, let first = KSTDate(parsing: days[0]), let last = KSTDate(parsing: days[1]) else {
            throw BoxOfficeError.malformedResponse(
                .kobis, expected: "a box-office JSON body", detail: "showRange is \"\(WireValue.excerpt(showRange))\", not YYYYMMDD~YYYYMMDD")
        }
        return (first, last)
    }

    /// Throws unless the chart covers exactly these days.
    func expectRange(from first: KSTDate, to last: KSTDate) throws {
        let days = try days()
        guard days.first == first, days.last == last else {
            let range = { (first: KSTDate, last: KSTDate) in first == last ? first.iso : "\(first.iso)~\(last.iso)" }
            throw BoxOfficeError.answerMismatch(
                .kobis, asked: "the chart of \(range(first, last))", answered: "the chart of \(range(days.first, days.last))")
        }
    }
}

/// One movie of a chart; every value is a string on the wire.
public struct BoxOfficeEntryDTO: Decodable, Sendable {
    /// Row number.
    public let rnum: String?
    /// Rank in this chart.
    public let rank: String
    /// Change of rank against the previous chart; may be negative.
    public let rankInten: String?
    /// `OLD` or `NEW`.
    public let rankOldAndNew: String?
    /// The KOBIS movie code.
    public let movieCd: String
    /// The Korean title.
    public let movieNm: String
    /// Opening date, `YYYY-MM-DD`; may be empty or blank.
    public let openDt: String?
    /// Sales in won.
    public let salesAmt: String?
    /// Share of all sales, in percent.
    public let salesShare: String?
    /// Sales change against the previous chart.
    public let salesInten: String?
    /// Sales change rate, in percent.
    public let salesChange: String?
    /// Cumulative sales.
    public let salesAcc: String?
    /// Audience.
    public let audiCnt: String?
    /// Audience change against the previous chart.
    public let audiInten: String?
    /// Audience change rate, in percent.
    public let audiChange: String?
    /// Cumulative audience.
    public let audiAcc: String?
    /// Screens.
    public let scrnCnt: String?
    /// Shows.
    public let showCnt: String?
}
