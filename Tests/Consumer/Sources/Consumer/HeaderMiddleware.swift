import BoxOfficeCore
import Foundation

/// A middleware as `LoaderMiddleware`'s documentation shows one, in plain Swift 6: it adds a
/// header to every request and passes it on.
struct TracingMiddleware: LoaderMiddleware {
    let traceID: String

    func intercept(
        _ request: HTTPRequest, endpoint: EndpointInfo, next: @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse) {
        var request = request
        request.setValue(traceID, forHTTPHeaderField: "X-Trace-ID")
        return try await next(request)
    }
}
