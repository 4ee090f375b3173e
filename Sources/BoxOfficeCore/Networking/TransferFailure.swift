/// What a failed transfer means, read once from the transports' errors (`NetworkFailure`,
/// `TransportError`) for API calls and image downloads alike; each then says it in its own terms.
enum TransferFailure: Equatable {
    /// No answer within the time allowed.
    case timedOut
    /// What a moment may mend: refused, dropped or silent connections, and failures the transport
    /// cannot name.
    case transient(reason: String)
    /// An answer that is not HTTP, or a body that cannot be decoded.
    case malformed(reason: String)
    /// What another attempt would not mend: no such host, no network, an untrusted certificate.
    case lasting(reason: String)
    /// The server answered with more than the policy allows.
    case tooLarge(limit: Int)
    /// The server answered with a redirect the policy does not follow.
    case redirectRefused(RedirectRefusal)

    /// The failure `error` reports, or nil for any other error (a cancellation, our own).
    init?(_ error: any Error) {
        switch error {
        case let failure as NetworkFailure:
            switch failure {
            case .timedOut: self = .timedOut
            case .connectionRefused, .connectionLost, .noAnswer, .other: self = .transient(reason: failure.reason)
            case .invalidHTTP, .undecodableBody: self = .malformed(reason: failure.reason)
            case .hostNotFound, .notConnected, .secureConnectionFailed, .untrustedCertificate, .trustedCertificatesUnreadable, .invalidRequest:
                self = .lasting(reason: failure.reason)
            }
        case TransportError.bodyTooLarge(let limit): self = .tooLarge(limit: limit)
        case TransportError.redirectRefused(let refusal): self = .redirectRefused(refusal)
        default: return nil
        }
    }

    /// Whether a server answered (with too much, or a redirect), so that the call was made.
    var wasAnswered: Bool {
        switch self {
        case .tooLarge, .redirectRefused: true
        case .timedOut, .transient, .malformed, .lasting: false
        }
    }
}
