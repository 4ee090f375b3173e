#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Follows the redirects a transport hands back, under a `TransferPolicy`. The client decides,
/// never the transport: a request that carries a key stays on its origin and never goes from
/// https to plain http, and an `Authorization` header never leaves the origin it was meant for.
enum RedirectFollower {
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The answer at the end of the redirects `policy` allows; `load` sends one request.
    static func load(
        _ request: HTTPRequest, policy: TransferPolicy, with load: @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse) {
        var current = request
        var redirects = 0
        while true {
            let (body, response) = try await load(current)
            // A transport that followed a redirect by itself shows it in the answer's URL: what
            // came from another origin is not used, though the request may already have gone.
            if policy.redirects == .sameOrigin, Origin(response.url) != Origin(current.url) {
                throw TransportError.redirectRefused(.otherOrigin(Origin(response.url)))
            }
            guard redirectStatuses.contains(response.statusCode),
                let location = response.value(forHTTPHeaderField: "Location"),
                let target = URL(string: location, relativeTo: current.url)?.absoluteURL
            else { return (body, response) }
            if let refusal = policy.refusal(from: current.url, to: target, previousRedirects: redirects) {
                throw TransportError.redirectRefused(refusal)
            }
            // Credentials stay with their origin, whatever else the policy lets a redirect do.
            if Origin(target) != Origin(current.url) { current.setValue(nil, forHTTPHeaderField: "Authorization") }
            current.url = target
            redirects += 1
        }
    }
}
