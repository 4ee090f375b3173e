/// A decoded body that knows whether it may be kept in the cache.
package protocol APIResponse: Decodable, Sendable {
    /// Whether this body is complete enough to be cached; empty charts and unknown movies are not.
    var isCacheable: Bool { get }
}

extension APIResponse {
    /// Most bodies may be cached once they decode.
    package var isCacheable: Bool { true }
}
