import BoxOfficeCore
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The network through `URLSession`, driven by its delegate: it follows no redirect (the client
/// decides on each), and counts every piece of body as it arrives, so none outgrows its bound.
/// The transport an app adopts:
///
/// ```swift
/// let client = BoxOfficeClient(configuration: ClientConfiguration(kobisKey: key), loader: URLSessionTransport())
/// ```
///
/// A module of its own, so that nothing on Linux links FoundationNetworking: linked statically, it
/// brings all of corelibs Foundation and ICU with it.
///
/// The session is made on the first request, so a run the cache answers never pays for one.
public final class URLSessionTransport: HTTPDataLoading {
    private let delegate: TransferDelegate
    private let timeout: Double
    private let session = Mutex<URLSession?>(nil)

    /// The configuration sessions are made from: the app's own, or an ephemeral one.
    private let base: Mutex<URLSessionConfiguration?>

    /// Creates a transport for API answers (at most 8 MiB); give images `.image`. `timeout` is a
    /// backstop behind the client's own deadline.
    public init(policy: TransferPolicy = .api, timeout: Double = ClientConfiguration.defaultTimeout) {
        delegate = TransferDelegate(policy: policy)
        self.timeout = timeout
        base = Mutex(nil)
    }

    /// The same, its session made from a copy of the app's configuration (its proxies, headers,
    /// protocol classes, connection limits): the transport still keeps no cache or cookies, bounds
    /// each answer and follows no redirect itself, and `timeout` stays the backstop.
    public init(configuration: URLSessionConfiguration, policy: TransferPolicy = .api, timeout: Double = ClientConfiguration.defaultTimeout) {
        delegate = TransferDelegate(policy: policy)
        self.timeout = timeout
        base = Mutex(configuration.copy() as? URLSessionConfiguration)
    }

    /// Performs the request under the policy.
    public func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var urlRequest = URLRequest(url: request.url)
        for (name, value) in request.headerFields { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let session = currentSession()
        let delegate = self.delegate
        let task = session.dataTask(with: urlRequest)
        // Cancelling the caller's task (or the client's deadline doing so) ends the wait at once
        // and cancels the transfer, which closes its connection before any retry is sent.
        let (body, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.begin(task, continuation: continuation)
            }
        } onCancel: {
            delegate.abandon(task)
        }
        guard let http = response as? HTTPURLResponse, let url = http.url else { throw NetworkFailure.invalidHTTP }
        var fields: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { fields[name] = value }
        return (body, HTTPResponse(url: url, statusCode: http.statusCode, headerFields: fields))
    }

    /// URLSession's error codes in the terms the client classifies.
    static func failure(_ error: URLError) -> NetworkFailure {
        switch error.code {
        case .timedOut: .timedOut
        case .cannotConnectToHost: .connectionRefused
        // Linux reports a body cut short (fewer bytes than Content-Length) as .unknown, and a
        // refused certificate too, told apart only by libcurl's words (read, never kept).
        case .unknown: refusedCertificate(error).map(NetworkFailure.untrustedCertificate) ?? .connectionLost
        case .networkConnectionLost: .connectionLost
        case .badServerResponse, .zeroByteResource: .noAnswer
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound
        case .notConnectedToInternet: .notConnected
        case .secureConnectionFailed, .clientCertificateRejected: .secureConnectionFailed
        case .serverCertificateUntrusted: .untrustedCertificate(.unspecified)
        case .serverCertificateHasUnknownRoot: .untrustedCertificate(.unknownIssuer)
        case .serverCertificateHasBadDate: .untrustedCertificate(.expired)
        case .serverCertificateNotYetValid: .untrustedCertificate(.notYetValid)
        case .cannotParseResponse: .invalidHTTP
        case .cannotDecodeContentData: .undecodableBody
        case .badURL, .unsupportedURL: .invalidRequest
        // URLError's own text can carry the URL and with it the key, so only its number is told.
        default: .other("network error \(error.code.rawValue)")
        }
    }

    /// What libcurl's words on Linux say of a refused certificate, if they say it was one.
    private static func refusedCertificate(_ error: URLError) -> CertificateProblem? {
        let words = error.localizedDescription
        if words.contains("target host name") { return .anotherName }
        if words.hasPrefix("SSL certificate problem: unable to get local issuer certificate") { return .unknownIssuer }
        return words.hasPrefix("SSL certificate problem: ") ? .unspecified : nil
    }

    private func currentSession() -> URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = base.withLock { $0?.copy() as? URLSessionConfiguration } ?? URLSessionConfiguration.ephemeral
            // The client's own deadline ends each attempt; these are only a backstop behind it.
            configuration.timeoutIntervalForRequest = timeout + Self.backstopMargin
            configuration.timeoutIntervalForResource = timeout + Self.backstopMargin
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            if base.withLock({ $0 == nil }) { configuration.httpMaximumConnectionsPerHost = Self.connectionsPerHost }
            let queue = OperationQueue()
            // Pieces of one body must be appended in the order they arrived.
            queue.maxConcurrentOperationCount = 1
            let made = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
            session = made
            return made
        }
    }

    private static let backstopMargin = 5.0
    /// As many as the most concurrent range jobs.
    private static let connectionsPerHost = 16
    /// Headers past this are no answer of an API or an image host (as for libcurl on Linux).
    static let headerLimit = 64 * 1024

    /// The size of a response's header fields as they came: each `Name: value` line with its CRLF.
    static func headerSize(_ response: HTTPURLResponse) -> Int {
        var size = 0
        for case let (name as String, value as String) in response.allHeaderFields {
            size += name.utf8.count + value.utf8.count + 4
        }
        return size
    }

    /// libcurl's words (`curl_easy_strerror`) for a header line past its own limit, which URLSession
    /// on Linux passes on as an unknown error: out of memory (libcurl 7), too large (8.6 on).
    private static let oversizedHeaderDescriptions: Set<String> = ["Out of memory", "A value or data field grew larger than allowed"]

    /// Whether an error that ended a transfer before any response arrived was the headers' size.
    static func isOversizedHead(_ error: URLError, responded: Bool) -> Bool {
        !responded && error.code == .unknown && oversizedHeaderDescriptions.contains(error.localizedDescription)
    }
}

/// Collects each task's body and applies the policy; resumes each continuation exactly once.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let policy: TransferPolicy
    private let transfers = Mutex<[Int: Transfer]>([:])

    private struct Transfer {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        /// The pieces as they came: a growing `Data` would double its buffer and copy it, which
        /// near the limit briefly costs three times the body.
        var pieces: [Data] = []
        var received = 0

        var body: Data {
            var body = Data(capacity: received)
            for piece in pieces { body.append(piece) }
            return body
        }
    }

    init(policy: TransferPolicy) {
        self.policy = policy
    }

    /// Starts the task, unless its caller had already gone.
    func begin(_ task: URLSessionTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let abandoned = transfers.withLock { transfers in
            guard transfers[task.taskIdentifier] == nil else { return true }
            transfers[task.taskIdentifier] = Transfer(continuation: continuation)
            return false
        }
        if abandoned {
            continuation.resume(throwing: CancellationError())
        } else {
            task.resume()
        }
    }

    /// Headers past their limit, or a declared length past the body's, end the transfer before a
    /// byte of body is read.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        let limit = policy.maximumBytes
        let failure: (any Error)? =
            if let http = response as? HTTPURLResponse, URLSessionTransport.headerSize(http) > URLSessionTransport.headerLimit {
                NetworkFailure.invalidHTTP
            } else if response.expectedContentLength > Int64(limit) {
                TransportError.bodyTooLarge(limit: limit)
            } else {
                nil
            }
        guard let failure else { return }
        let waiting = transfers.withLock { transfers -> CheckedContinuation<(Data, URLResponse), any Error>? in
            defer { transfers[dataTask.taskIdentifier] = Transfer(continuation: nil) }
            return transfers[dataTask.taskIdentifier]?.continuation
        }
        guard let waiting else { return }
        waiting.resume(throwing: failure)
        Self.stop(dataTask)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = policy.maximumBytes
        // The piece is added where the transfer lies: a copy taken out of the dictionary would
        // make every append copy all the pieces before it.
        let overflowing = transfers.withLock { transfers -> CheckedContinuation<(Data, URLResponse), any Error>? in
            let id = dataTask.taskIdentifier
            guard let received = transfers[id]?.received, transfers[id]?.continuation != nil else { return nil }
            guard received + data.count <= limit else {
                defer { transfers[id] = Transfer(continuation: nil) }
                return transfers[id]?.continuation
            }
            transfers[id]?.pieces.append(data)
            transfers[id]?.received += data.count
            return nil
        }
        guard let overflowing else { return }
        overflowing.resume(throwing: TransportError.bodyTooLarge(limit: limit))
        Self.stop(dataTask)
    }

    /// No redirect is followed here: the task ends with the 3xx answer, which the client decides on.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @Sendable @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }),
            let continuation = transfer.continuation
        else { return }
        if let urlError = error as? URLError, URLSessionTransport.isOversizedHead(urlError, responded: task.response != nil) {
            continuation.resume(throwing: NetworkFailure.invalidHTTP)
        } else if let error {
            continuation.resume(throwing: (error as? URLError).map(URLSessionTransport.failure) ?? error)
        } else if let response = task.response {
            continuation.resume(returning: (transfer.body, response))
        } else {
            continuation.resume(throwing: NetworkFailure.noAnswer)
        }
    }

    /// The caller has gone: its wait ends now with `CancellationError`, and the transfer is
    /// cancelled, closing its connection. A caller gone before its task began never starts it.
    func abandon(_ task: URLSessionTask) {
        let waiting = transfers.withLock { transfers -> CheckedContinuation<(Data, URLResponse), any Error>? in
            defer { transfers[task.taskIdentifier] = Transfer(continuation: nil) }
            return transfers[task.taskIdentifier]?.continuation
        }
        // The wait ends once the transfer is cancelled, so that a retry comes after the close.
        DispatchQueue.global().async {
            task.cancel()
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Ends a transfer nobody waits for any more. Cancelling from a queue of our own, never
    /// from a delegate callback or a cancellation handler, keeps clear of the session's locks.
    private static func stop(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
