import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads the bytes of one HTTP request; `URLSession`, the replayer and test stubs conform.
public protocol HTTPDataLoading: Sendable {
    /// Performs the request and returns the body with its response.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: HTTPDataLoading {
    /// Forwards to `data(for:delegate:)`, the only form corelibs Foundation offers on Linux.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, delegate: nil)
    }
}
