/// One API call, carrying the type its body decodes to and everything else about itself: where it
/// goes, the name its answer is cached, recorded and replayed under, what its body is called in
/// errors, how long an answer stays fresh and how an answer is checked against the question.
/// A new endpoint is a factory beside the others and a row in `EndpointRoute`, which the tests'
/// loopback server also reads to answer a request from its recording.
package struct Endpoint<Response: APIResponse>: Sendable {
    /// What the loaders between the client and the network are told.
    package let info: EndpointInfo
    /// The path below the service's base URL.
    package let path: String
    /// Query parameters in the order they are sent; the key is added by the client.
    package let parameters: [QueryParameter]
    /// Throws `BoxOfficeError.answerMismatch` when a decoded answer is for another question
    /// (another day, week or movie), whether it came from the network or the cache.
    package let validate: @Sendable (Response) throws -> Void

    /// Creates an endpoint. Its recording name is `<service>/<name>`, then `-<value of
    /// mainParameter>`, then `-name=value` for every other parameter, sorted by name.
    package init(
        service: APIService, path: String, parameters: [QueryParameter], name: String, mainParameter: String? = nil,
        bodyName: String, freshness: CacheFreshness, validate: @escaping @Sendable (Response) throws -> Void = { _ in }
    ) {
        info = EndpointInfo(
            service: service,
            recordingName: RecordingName.make(service: service, name: name, mainParameter: mainParameter, parameters: parameters),
            bodyName: bodyName, freshness: freshness)
        self.path = path
        self.parameters = parameters
        self.validate = validate
    }

    /// The service it goes to.
    package var service: APIService { info.service }
    /// How long an answer stays fresh in the cache.
    package var freshness: CacheFreshness { info.freshness }
}

/// What an endpoint tells the loaders that wrap the transport (cache, recorder, replayer,
/// quota counter), so that none of them has to work it out from a URL.
public struct EndpointInfo: Sendable, Hashable {
    /// The service it goes to.
    public let service: APIService
    /// `kobis/daily-20230818`: the cache entry, recording and replay file name, without `.json`.
    public let recordingName: String
    /// `box-office`: what its body is called in error messages.
    public let bodyName: String
    /// How long an answer stays fresh in the cache.
    public let freshness: CacheFreshness
}

/// One `name=value` pair of a query string.
package struct QueryParameter: Sendable, Hashable {
    /// The parameter's name.
    package let name: String
    /// Its value, unencoded.
    package let value: String

    /// Creates a parameter.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// The paging pair every KOBIS list takes: `curPage` from 1 and `itemPerPage`.
    static func kobisPaging(page: Int?, itemsPerPage: Int?) -> [QueryParameter] {
        var parameters: [QueryParameter] = []
        if let page { parameters.append(QueryParameter("curPage", String(page))) }
        if let itemsPerPage { parameters.append(QueryParameter("itemPerPage", String(itemsPerPage))) }
        return parameters
    }
}

/// What kind of answer an endpoint gives, which decides how long it may be cached.
public enum CacheFreshness: Sendable, Hashable {
    /// A chart whose last day is this date: settled charts never change, recent ones still do.
    case chart(lastDay: KSTDate)
    /// Details of a movie, a person or a company, which change rarely: 7 days.
    case details
    /// Lists and searches of KOBIS or Kakao: a day.
    case search
    /// KOBIS's common code lists, which hardly ever change: 30 days.
    case codeList
}
