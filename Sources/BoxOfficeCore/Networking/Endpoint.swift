/// One API call, carrying the type its body decodes to.
public struct Endpoint<Response: APIResponse>: Sendable {
    /// The service it goes to.
    public let service: APIService
    /// The path below the service's base URL.
    public let path: String
    /// Query parameters in the order they are sent; the key is added by the client.
    public let parameters: [QueryParameter]
    /// How long an answer stays fresh in the cache.
    public let freshness: CacheFreshness
    /// Throws `BoxOfficeError.answerMismatch` when a decoded answer is for another question
    /// (another day, week or movie), whether it came from the network or the cache.
    public let validate: @Sendable (Response) throws -> Void

    /// Creates an endpoint.
    public init(
        service: APIService, path: String, parameters: [QueryParameter], freshness: CacheFreshness,
        validate: @escaping @Sendable (Response) throws -> Void = { _ in }
    ) {
        self.service = service
        self.path = path
        self.parameters = parameters
        self.freshness = freshness
        self.validate = validate
    }
}

/// One `name=value` pair of a query string.
public struct QueryParameter: Sendable, Hashable {
    /// The parameter's name.
    public let name: String
    /// Its value, unencoded.
    public let value: String

    /// Creates a parameter.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What kind of answer an endpoint gives, which decides how long it may be cached.
public enum CacheFreshness: Sendable, Hashable {
    /// A chart whose last day is this date: settled charts never change, recent ones still do.
    case chart(lastDay: KSTDate)
    /// Movie details, which change rarely.
    case movieDetails
    /// Search results of KOBIS or Kakao.
    case search
}
