import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends endpoints to KOBIS and Kakao: builds the request, consults the cache, retries transient
/// failures, recognises the services' error bodies and decodes the answer.
public struct BoxOfficeClient: Sendable {
    /// Where the services are and which keys to send.
    public let configuration: ClientConfiguration
    /// Sends each request: the network, or a stub in tests.
    let loader: any HTTPDataLoading
    /// Steps around each request, outermost first: the recorder, the replayer.
    let middlewares: [any LoaderMiddleware]
    let cache: ResponseCache?
    let cacheMode: CacheMode
    let now: @Sendable () -> Date
    let onEvent: @Sendable (ClientEvent) -> Void
    /// Scrubs both keys from every body before it is read, cached or quoted in an error.
    let redactor: SecretRedactor
    /// Counts each call before it goes out, and refuses one past the day's limit unless told not to.
    let quota: QuotaLedger?
    let enforcesQuota: Bool
    /// The requests sent so far, shared by every copy of this client.
    let sent = SentRequests()
    /// The most requests this client and its copies may have sent (`requestsSent`): a retry past
    /// it is not sent, and the failure before it stands. A sync within a budget of calls sets it,
    /// so that retries never spend past the budget.
    package var requestCeiling: Int?
    /// Where settled daily charts come from before the cache and the network: an archive.
    package var archive: (any ChartArchive)?
    /// Whether answers are decoded, checked and made into models on the caller's executor rather
    /// than on the global one. An app's client leaves it off, so that a main-actor caller stays
    /// free while a large answer is read; the command line, whose caller is the main thread and
    /// nothing else, turns it on so that a cached chart starts no thread.
    package var decodesOnTheCallersExecutor = false

    /// The requests this client (and its copies) has handed to its loader, retries included:
    /// what its work has cost in API calls, answers from its cache costing none.
    public var requestsSent: Int { sent.count }

    /// The library's version, sent in the default `User-Agent`.
    public static let version = "0.1.0"

    /// Creates a client; the clock decides cache lifetimes, the event handler sees what happened.
    public init(
        configuration: ClientConfiguration,
        loader: any HTTPDataLoading,
        middlewares: [any LoaderMiddleware] = [],
        cache: ResponseCache? = nil,
        cacheMode: CacheMode = .normal,
        quota: QuotaLedger? = nil,
        enforcesQuota: Bool = true,
        now: @escaping @Sendable () -> Date = { Date() },
        onEvent: @escaping @Sendable (ClientEvent) -> Void = { _ in }
    ) {
        self.init(
            configuration: configuration, loader: loader, middlewares: middlewares, cache: cache, cacheMode: cacheMode, quota: quota,
            enforcesQuota: enforcesQuota, now: now, onEvent: onEvent,
            redactor: SecretRedactor(secrets: [configuration.kobisKey, configuration.kakaoKey]))
    }

    /// Creates a client that scrubs with the redactor its caller holds for everything else it
    /// lets out (the tool's one redactor, made from the keys it read once), which must know at
    /// least the configuration's keys.
    package init(
        configuration: ClientConfiguration, loader: any HTTPDataLoading, middlewares: [any LoaderMiddleware], cache: ResponseCache?,
        cacheMode: CacheMode, quota: QuotaLedger?, enforcesQuota: Bool, now: @escaping @Sendable () -> Date,
        onEvent: @escaping @Sendable (ClientEvent) -> Void, redactor: SecretRedactor
    ) {
        self.configuration = configuration
        self.loader = loader
        self.middlewares = middlewares
        self.cache = cache
        self.cacheMode = cache == nil ? .disabled : cacheMode
        self.quota = quota
        self.enforcesQuota = enforcesQuota
        self.now = now
        self.onEvent = onEvent
        self.redactor = redactor
    }

    /// Sends the endpoint and returns its decoded body.
    package func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await send(endpoint) { $0 }
    }

    /// Sends the endpoint and returns its body made into a model. The answer is cached only once
    /// `model` accepts it, so a body whose figures cannot be right is never kept; the body
    /// itself is let go as soon as the model is made. Reading an answer, from the cache or the
    /// network, is done off the caller's executor (see `decodesOnTheCallersExecutor`).
    func send<Response, Model: Sendable>(
        _ endpoint: Endpoint<Response>, model: @escaping @Sendable (Response) throws -> Model
    ) async throws -> Model {
        let entryName = endpoint.info.recordingName
        if cacheMode.reads, let cache,
            let cached = try await reading({ cachedValue(endpoint, in: cache, named: entryName, model: model) })
        {
            return cached
        }
        let request = try makeRequest(for: endpoint)
        let (received, response) = try await loadWithRetries(request, endpoint: endpoint.info)
        let (data, made, isCacheable) = try await reading {
            let data = redactor.redact(received)
            let value = try interpret(data, response: response, for: endpoint)
            return (data, try model(value), value.isCacheable)
        }
        if cacheMode.writes, isCacheable, let cache {
            do {
                try cache.write(data, named: entryName, expiresAt: expiry(of: endpoint.freshness))
            } catch {
                onEvent(.cacheWriteFailed(entryName, reason: "\(error)"))
            }
        }
        return made
    }

    /// Calls left of today's limit by the ledger's count; nil when nothing is counted or the
    /// limit is not enforced.
    public func callsLeftToday(_ service: APIService) -> Int? {
        guard let quota, enforcesQuota else { return nil }
        return max(service.dailyQuota - (quota.counts(on: KSTDate.today(at: now()))[service] ?? 0), 0)
    }

    /// Throws unless `calls` more requests fit in what is left of today's limit.
    public func ensureRoom(for calls: Int, to service: APIService) throws {
        guard let left = callsLeftToday(service), calls > left else { return }
        throw BoxOfficeError.quotaInsufficient(service, needed: calls, left: left)
    }

    /// Whether the cache holds a fresh answer for the endpoint, so sending it costs no call.
    package func hasCachedAnswer<Response>(_ endpoint: Endpoint<Response>) -> Bool {
        guard cacheMode.reads, let cache else { return false }
        return (try? cache.read(named: endpoint.info.recordingName, now: now())) != nil
    }

    /// The exact request for an endpoint: base URL, path, percent-encoded query, key and headers.
    package func makeRequest<Response>(for endpoint: Endpoint<Response>) throws -> HTTPRequest {
        let key = configuration.key(for: endpoint.service)
        if key == nil, configuration.requiresKeys {
            throw BoxOfficeError.missingAPIKey(endpoint.service)
        }
        var parameters = endpoint.parameters
        if endpoint.service == .kobis, let key {
            parameters.insert(QueryParameter("key", key), at: 0)
        }
        let base = configuration.baseURL(for: endpoint.service).absoluteString
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        // Built by hand: `joined` would look up a conformance at run time, a scan of the binary.
        var query = ""
        for parameter in parameters {
            query += (query.isEmpty ? "" : "&") + Self.percentEncode(parameter.name) + "=" + Self.percentEncode(parameter.value)
        }
        let text = trimmedBase + endpoint.path + (query.isEmpty ? "" : "?" + query)
        guard let url = URL(string: text) else {
            throw BoxOfficeError.unreachable(endpoint.service, host: trimmedBase, reason: Words("the base URL is not valid", "기본 URL이 올바르지 않습니다"))
        }
        var request = HTTPRequest(url: url, headerFields: ["Accept": "application/json", "User-Agent": configuration.userAgent])
        if endpoint.service == .kakao, let key {
            request.setValue("KakaoAK \(key)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// RFC 3986 unreserved characters stay, everything else (Hangul, `+`, `&`, spaces) is encoded.
    package static func percentEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += PercentEncoding.escape(byte)
            }
        }
        return result
    }

    /// Runs the reading of an answer where this client reads answers.
    func reading<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        if decodesOnTheCallersExecutor { return try work() }
        return try await Self.offTheCallersExecutor(work)
    }

    @concurrent private static func offTheCallersExecutor<Value: Sendable>(_ work: @Sendable () throws -> Value) async throws -> Value {
        try work()
    }

    private func cachedValue<Response, Model>(
        _ endpoint: Endpoint<Response>, in cache: ResponseCache, named name: String, model: (Response) throws -> Model
    ) -> Model? {
        do {
            guard let data = try cache.read(named: name, now: now()) else { return nil }
            let value = try model(try interpret(data, response: nil, for: endpoint))
            onEvent(.cacheHit(name))
            return value
        } catch {
            onEvent(.cacheEntryUnusable(name, reason: "\(error)"))
            return nil
        }
    }

    private func expiry(of freshness: CacheFreshness) -> Date? {
        let instant = now()
        switch freshness {
        case .chart(let lastDay):
            let today = KSTDate.today(at: instant)
            return today.days(since: lastDay) >= CacheLifetime.settledChartAgeInDays
                ? nil : instant.addingTimeInterval(CacheLifetime.recentChart)
        case .details:
            return instant.addingTimeInterval(CacheLifetime.details)
        case .codeList:
            return instant.addingTimeInterval(CacheLifetime.codeList)
        case .search:
            return instant.addingTimeInterval(CacheLifetime.search)
        }
    }
}

/// A store of settled daily charts a client asks first (`BoxOfficeArchive`): Core knows it only
/// by this, so that it stays free of SQLite.
package protocol ChartArchive: Sendable {
    /// The day's whole chart, unfiltered, if the store holds it settled; nil sends the client on.
    func settledDailyChart(on day: KSTDate) -> BoxOfficeChart?
    /// What the store holds of a film's details (its code, title, opening date…); nil when none.
    func film(code: String) -> MovieDetails?
}

/// A count of requests sent, shared by the copies of a client.
final class SentRequests: Sendable {
    private let sent = Atomic(0)
    var count: Int { sent.load(ordering: .relaxed) }
    func add() { sent.add(1, ordering: .relaxed) }
}

/// How long answers stay in the cache.
package enum CacheLifetime {
    /// KOBIS settles a day's figures within a day or so and never changes them after.
    package static let settledChartAgeInDays = 3
    static let recentChart: TimeInterval = 3_600
    static let details: TimeInterval = 7 * 86_400
    static let codeList: TimeInterval = 30 * 86_400
    static let search: TimeInterval = 86_400
}
