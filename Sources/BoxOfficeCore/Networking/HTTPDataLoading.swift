#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Loads the bytes of one API request and is told which endpoint it serves, the way
/// swift-openapi-runtime tells a transport the operation: the replayer and recorder find their
/// file by the endpoint's recording name, never by parsing the URL.
public protocol EndpointLoading: Sendable {
    /// Performs the request for `endpoint` and returns the body with its response.
    func data(for request: HTTPRequest, endpoint: EndpointInfo) async throws -> (Data, HTTPResponse)
}

/// Loads the bytes of one HTTP request, whatever it is for: the network itself and test stubs.
///
/// Shaped like `URLSession.data(for:)`. A transport reports a failure on the wire as a
/// `NetworkFailure` and what its `TransferPolicy` refused as a `TransportError`; an answer with
/// any status is an answer.
public protocol HTTPDataLoading: EndpointLoading {
    /// Performs the request and returns the body with its response.
    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse)
}

extension HTTPDataLoading {
    /// A transport treats every endpoint alike.
    public func data(for request: HTTPRequest, endpoint: EndpointInfo) async throws -> (Data, HTTPResponse) {
        try await data(for: request)
    }
}
