import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSession` made on the first request, so a run the cache answers never pays for one.
public final class LazySessionLoader: HTTPDataLoading {
    private let makeSession: @Sendable () -> URLSession
    private let session = Mutex<URLSession?>(nil)

    /// Creates a loader that calls `makeSession` once, when first needed.
    public init(_ makeSession: @escaping @Sendable () -> URLSession) {
        self.makeSession = makeSession
    }

    /// Makes the session if this is the first request, then performs the request with it.
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
