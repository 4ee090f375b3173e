import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads the bytes of one API request and is told which endpoint it serves, the way
/// swift-openapi-runtime tells a transport the operation: the replayer and recorder find their
/// file by the endpoint's recording name, never by parsing the URL.
public protocol EndpointLoading: Sendable {
    /// Performs the request for `endpoint` and returns the body with its response.
    func data(for request: URLRequest, endpoint: EndpointInfo) async throws -> (Data, URLResponse)
}

/// Loads the bytes of one HTTP request, whatever it is for: the network itself and test stubs.
public protocol HTTPDataLoading: EndpointLoading {
    /// Performs the request and returns the body with its response.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

extension HTTPDataLoading {
    /// A transport treats every endpoint alike.
    public func data(for request: URLRequest, endpoint: EndpointInfo) async throws -> (Data, URLResponse) {
        try await data(for: request)
    }
}

extension URLSession: HTTPDataLoading {
    /// Forwards to `data(for:delegate:)`, the only form corelibs Foundation offers on Linux.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, delegate: nil)
    }
}
