#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads the bytes of one HTTP request, whatever it is for: the network itself and test stubs.
///
/// Shaped like `URLSession.data(for:)`, so a test double is a few lines. A transport reports a
/// failure on the wire as a `NetworkFailure` and a body past its bound as a `TransportError`; an
/// answer with any status is an answer. The quota ledger gives a call back only for a failure
/// that proves the request never left (`.connectionRefused`, `.hostNotFound`, `.notConnected`,
/// `.invalidRequest`, a refused certificate): a transport says those exactly, and anything else
/// (a cancellation too) when the request may have gone out.
///
/// A transport must keep two rules, since it carries the user's keys:
/// - **Never follow a redirect.** Hand the 3xx answer back as it came: the client decides
///   whether to follow it, and never lets a key go to another origin or onto plain http.
///   (`URLSession` follows by itself unless its delegate's
///   `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)` answers nil.)
/// - **Report the URL that answered** in `HTTPResponse.url`, so that one that did follow is caught.
///
/// ```swift
/// struct Stub: HTTPDataLoading {
///     let body: Data
///     func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
///         (body, HTTPResponse(url: request.url, statusCode: 200))
///     }
/// }
/// ```
public protocol HTTPDataLoading: Sendable {
    /// Performs the request and returns the body with its response.
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse)
}

/// An error a loader throws before its request could go anywhere, for a reason outside the
/// `NetworkFailure`s (the tool's libcurl that cannot be loaded): the call is given back to the
/// quota ledger, as for a refused connection.
package protocol UnsentRequestError: Error {}

/// A step around every request the client sends through its loader, told which endpoint the
/// request serves, the way swift-openapi-runtime tells its middlewares the operation: the
/// recorder and the replayer find their file by the endpoint's recording name, never by parsing
/// the URL. A middleware calls `next` to go on to the loader (or the next middleware), or answers
/// by itself, as the replayer does. `next` is a plain (concurrent) async function, so that a
/// middleware written in an app's default Swift 6 package matches it:
///
/// ```swift
/// struct TracingMiddleware: LoaderMiddleware {
///     let traceID: String
///
///     func intercept(
///         _ request: HTTPRequest, endpoint: EndpointInfo, next: @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse)
///     ) async throws -> (Data, HTTPResponse) {
///         var request = request
///         request.setValue(traceID, forHTTPHeaderField: "X-Trace-ID")
///         return try await next(request)
///     }
/// }
/// ```
public protocol LoaderMiddleware: Sendable {
    /// Handles the request for `endpoint`, usually by passing it to `next`.
    func intercept(
        _ request: HTTPRequest, endpoint: EndpointInfo, next: @Sendable @concurrent (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse)
}
