extension BoxOfficeClient {
    /// The daily chart of a day.
    public func dailyChart(on date: KSTDate, filter: ChartFilter = ChartFilter()) async throws -> BoxOfficeChart {
        if filter == ChartFilter(), let archive, let archived = try await reading({ archive.settledDailyChart(on: date) }) {
            onEvent(.cacheHit("archive \(date.iso)"))
            return archived
        }
        return try await send(.dailyBoxOffice(on: date, filter: filter)) { response in
            try BoxOfficeChart(response, kind: .daily, requested: date.iso, isSettled: isSettled(date), filter: filter)
        }
    }

    /// The weekly chart of the week that holds `date`.
    public func weeklyChart(containing date: KSTDate, period: WeekPeriod, filter: ChartFilter = ChartFilter()) async throws -> BoxOfficeChart {
        let first = period.firstDay(ofWeekContaining: date)
        let last = period.lastDay(ofWeekContaining: date)
        return try await send(.weeklyBoxOffice(containing: date, period: period, filter: filter)) { response in
            try BoxOfficeChart(
                response, kind: .weekly(period), requested: "\(first.iso)~\(last.iso)", isSettled: isSettled(last), filter: filter)
        }
    }

    /// Whether KOBIS has surely published a day's figures: it does so the next morning, so a day
    /// at least two days old (Seoul) with no movies really had none (a narrow filter, say).
    func isSettled(_ day: KSTDate) -> Bool {
        KSTDate.today(at: now()).days(since: day) >= Self.settledAfterDays
    }

    static let settledAfterDays = 2

    /// A movie's details; an unknown code is `BoxOfficeError.notFound`.
    public func movie(code: String) async throws -> MovieDetails {
        try await send(.movieInfo(code: code)) { try MovieDetails($0, requestedCode: code) }
    }

    /// Movies matching a query.
    public func searchMovies(_ query: MovieSearchQuery) async throws -> MovieSearchResult {
        try await send(.movieList(query)) { try MovieSearchResult($0) }
    }

    /// Images matching a query.
    public func searchImages(_ query: ImageSearchQuery) async throws -> ImageSearchResult {
        try await send(.imageSearch(query)) { ImageSearchResult($0) }
    }

    /// People matching a query.
    public func searchPeople(_ query: PeopleQuery) async throws -> PeopleSearchResult {
        try await send(.peopleList(query)) { PeopleSearchResult($0) }
    }

    /// A person's details; an unknown code is `BoxOfficeError.notFound`.
    public func person(code: String) async throws -> PersonDetails {
        try await send(.peopleInfo(code: code)) { try PersonDetails($0, requestedCode: code) }
    }

    /// Companies matching a query.
    public func searchCompanies(_ query: CompanyQuery) async throws -> CompanySearchResult {
        try await send(.companyList(query)) { CompanySearchResult($0) }
    }

    /// A company's details; an unknown code is `BoxOfficeError.notFound`.
    public func company(code: String) async throws -> CompanyDetails {
        try await send(.companyInfo(code: code)) { try CompanyDetails($0, requestedCode: code) }
    }

    /// A common-code group's codes.
    public func codes(group: String) async throws -> CodeList {
        try await send(.codeList(group: group)) { CodeList($0, group: group) }
    }

    /// The code of a name in a common-code group (`배급사` in `.companyParts` is `260102`), by
    /// asking the group (cached for 30 days); a value of digits is taken as a code and costs
    /// nothing. A name not in the group is `BoxOfficeError.unknownCodeName`.
    public func code(named value: String, in group: CodeGroup) async throws -> String {
        if !value.isEmpty, value.allSatisfy(\.isNumber) { return value }
        let list = try await codes(group: group.code)
        guard let code = list.code(named: value) else {
            throw BoxOfficeError.unknownCodeName(value, group: group, known: list.codes.map(\.name))
        }
        return code
    }
}
