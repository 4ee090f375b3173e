/// Where an API call goes and the name its answers are filed under: one row per API, the one
/// place that knows a path's recording name, for the endpoints and for anything that sees only a
/// request (the tests' loopback server answers from the recording a request names).
package struct EndpointRoute: Sendable {
    /// The service it goes to.
    package let service: APIService
    /// The path below the service's base URL.
    package let path: String
    /// The recording name's stem: `daily` in `kobis/daily-20230818`.
    package let name: String
    /// The parameter whose value follows the stem, unnamed.
    package let mainParameter: String?

    static let daily = EndpointRoute(.kobis, "/boxoffice/searchDailyBoxOfficeList.json", "daily", main: "targetDt")
    static let weekly = EndpointRoute(.kobis, "/boxoffice/searchWeeklyBoxOfficeList.json", "weekly", main: "targetDt")
    static let movieInfo = EndpointRoute(.kobis, "/movie/searchMovieInfo.json", "movie", main: "movieCd")
    static let movieList = EndpointRoute(.kobis, "/movie/searchMovieList.json", "movielist")
    static let peopleInfo = EndpointRoute(.kobis, "/people/searchPeopleInfo.json", "people", main: "peopleCd")
    static let peopleList = EndpointRoute(.kobis, "/people/searchPeopleList.json", "peoplelist")
    static let companyInfo = EndpointRoute(.kobis, "/company/searchCompanyInfo.json", "company", main: "companyCd")
    static let companyList = EndpointRoute(.kobis, "/company/searchCompanyList.json", "companylist")
    static let codeList = EndpointRoute(.kobis, "/code/searchCodeList.json", "codes", main: "comCode")
    static let imageSearch = EndpointRoute(.kakao, "/v2/search/image", "image-search")

    /// Every route of the APIs this library calls.
    package static let all = [daily, weekly, movieInfo, movieList, peopleInfo, peopleList, companyInfo, companyList, codeList, imageSearch]

    private init(_ service: APIService, _ path: String, _ name: String, main: String? = nil) {
        self.service = service
        self.path = path
        self.name = name
        mainParameter = main
    }

    /// The route of a request to `path`, if it is one of the library's (no two services share a path).
    package static func of(path: String) -> EndpointRoute? {
        all.first { $0.path == path }
    }

    /// The recording name of a call on this route with these parameters (never the key).
    package func recordingName(_ parameters: [QueryParameter]) -> String {
        RecordingName.make(service: service, name: name, mainParameter: mainParameter, parameters: parameters)
    }
}

extension Endpoint {
    /// An endpoint on one of the library's routes.
    init(
        route: EndpointRoute, parameters: [QueryParameter], bodyName: String, freshness: CacheFreshness,
        validate: @escaping @Sendable (Response) throws -> Void = { _ in }
    ) {
        self.init(
            service: route.service, path: route.path, parameters: parameters, name: route.name, mainParameter: route.mainParameter,
            bodyName: bodyName, freshness: freshness, validate: validate)
    }
}
