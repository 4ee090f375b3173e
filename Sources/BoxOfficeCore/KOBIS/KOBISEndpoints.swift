extension Endpoint where Response == BoxOfficeResponse {
    /// The daily chart of one day.
    package static func dailyBoxOffice(on date: KSTDate, filter: ChartFilter = ChartFilter()) -> Self {
        Endpoint(
            route: .daily,
            parameters: [QueryParameter("targetDt", date.compact)] + filter.parameters,
            bodyName: "box-office", freshness: .chart(lastDay: date),
            validate: { try $0.boxOfficeResult.expectRange(from: date, to: date) })
    }

    /// The weekly chart of the Monday-to-Sunday week that holds `date`, over the given days.
    ///
    /// KOBIS answers with the week that holds `targetDt`, so any day of the week would do; the
    /// period's last day is sent so that one week has one cache entry and one recording name.
    package static func weeklyBoxOffice(containing date: KSTDate, period: WeekPeriod, filter: ChartFilter = ChartFilter()) -> Self {
        let lastDay = period.lastDay(ofWeekContaining: date)
        return Endpoint(
            route: .weekly,
            parameters: [QueryParameter("targetDt", lastDay.compact), QueryParameter("weekGb", period.code)] + filter.parameters,
            bodyName: "box-office", freshness: .chart(lastDay: lastDay),
            validate: { try $0.boxOfficeResult.expectRange(from: period.firstDay(ofWeekContaining: date), to: lastDay) })
    }
}

extension Endpoint where Response == MovieInfoResponse {
    /// One movie's details.
    package static func movieInfo(code: String) -> Self {
        Endpoint(
            route: .movieInfo,
            parameters: [QueryParameter("movieCd", code)],
            bodyName: "movie-info", freshness: .details,
            validate: { response in
                // An empty record is an unknown code, told apart later; another code is another movie.
                guard let answered = WireValue.text(response.movieInfoResult.movieInfo?.movieCd), answered != code else { return }
                throw BoxOfficeError.answerMismatch(
                    .kobis, asked: Words("movie \(code)", "영화 \(code)"), answered: Words("movie \(answered)", "영화 \(answered)"))
            })
    }
}

extension Endpoint where Response == MovieListResponse {
    /// Movies matching a title, director or opening years.
    package static func movieList(_ query: MovieSearchQuery) -> Self {
        var parameters = QueryParameter.kobisPaging(page: query.page, itemsPerPage: query.itemsPerPage)
        if let title = query.title { parameters.append(QueryParameter("movieNm", title)) }
        if let director = query.director { parameters.append(QueryParameter("directorNm", director)) }
        if let from = query.openedFromYear { parameters.append(QueryParameter("openStartDt", String(from))) }
        if let to = query.openedToYear { parameters.append(QueryParameter("openEndDt", String(to))) }
        if let from = query.madeFromYear { parameters.append(QueryParameter("prdtStartYear", String(from))) }
        if let to = query.madeToYear { parameters.append(QueryParameter("prdtEndYear", String(to))) }
        // KOBIS takes several codes in one value, separated by commas.
        if !query.nationCodes.isEmpty { parameters.append(QueryParameter("repNationCd", query.nationCodes.joined(separator: ","))) }
        if !query.typeCodes.isEmpty { parameters.append(QueryParameter("movieTypeCd", query.typeCodes.joined(separator: ","))) }
        return Endpoint(
            route: .movieList, parameters: parameters,
            bodyName: "movie-list", freshness: .search)
    }
}

/// What to search the KOBIS movie list for.
public struct MovieSearchQuery: Sendable, Hashable {
    /// Part of the title (`movieNm`).
    public var title: String?
    /// Part of a director's name (`directorNm`).
    public var director: String?
    /// First opening year (`openStartDt`).
    public var openedFromYear: Int?
    /// Last opening year (`openEndDt`).
    public var openedToYear: Int?
    /// Page, from 1 (`curPage`).
    public var page: Int?
    /// Rows per page (`itemPerPage`).
    public var itemsPerPage: Int?
    /// First production year (`prdtStartYear`).
    public var madeFromYear: Int?
    /// Last production year (`prdtEndYear`).
    public var madeToYear: Int?
    /// Nations' codes from the `nations` group (`repNationCd`).
    public var nationCodes: [String] = []
    /// Movie types' codes from the `movie-types` group (`movieTypeCd`).
    public var typeCodes: [String] = []

    /// Creates a query.
    public init(
        title: String? = nil, director: String? = nil, openedFromYear: Int? = nil, openedToYear: Int? = nil, page: Int? = nil,
        itemsPerPage: Int? = nil
    ) {
        self.title = title
        self.director = director
        self.openedFromYear = openedFromYear
        self.openedToYear = openedToYear
        self.page = page
        self.itemsPerPage = itemsPerPage
    }
}
