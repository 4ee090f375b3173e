import Foundation
import Synchronization
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

/// A `URLSession` made on the first request, so a run the cache answers never pays for one.
public final class LazySessionLoader: HTTPDataLoading {
    private let makeSession: @Sendable () -> URLSession
    private let session = Mutex<URLSession?>(nil)

    /// Creates a loader that calls `makeSession` once, when first needed.
    public init(_ makeSession: @escaping @Sendable () -> URLSession) {
        self.makeSession = makeSession
    }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let current = session.withLock { session in
            if let session { return session }
            let made = makeSession()
            session = made
            return made
        }
        return try await current.data(for: request)
    }
}
