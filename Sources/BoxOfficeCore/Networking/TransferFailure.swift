/// What a failed transfer means, read once from the transports' errors (`NetworkFailure`,
/// `TransportError`) for API calls and image downloads alike; each then says it in its own terms.
enum TransferFailure: Equatable {
    /// No answer within the time allowed.
    case timedOut
    /// What a moment may mend: refused, dropped or silent connections, and failures the transport
    /// cannot name.
    case transient(reason: Words)
    /// An answer that is not HTTP, or a body that cannot be decoded.
    case malformed(reason: Words)
    /// What another attempt would not mend: no such host, no network, an untrusted certificate.
    case lasting(reason: Words)
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

    /// Whether `error` proves that the request never left the machine, so that no service can
    /// have counted it: no connection was made (nothing listens, no such host, no network), the
    /// request could not be put on the wire, or there was nothing to send it with. A certificate
    /// refused (or certificates to trust that could not be read) ends the handshake before a
    /// byte of the request is sent, so it proves as much. Every other failure may come after
    /// the request went out: a timeout, a dropped connection, a cancellation, and also a TLS
    /// failure the transport does not name, which can come after the handshake.
    static func provesUnsent(_ error: any Error) -> Bool {
        switch error {
        case let failure as NetworkFailure:
            switch failure {
            case .connectionRefused, .hostNotFound, .notConnected, .invalidRequest, .untrustedCertificate, .trustedCertificatesUnreadable: true
            case .timedOut, .connectionLost, .noAnswer, .secureConnectionFailed, .invalidHTTP, .undecodableBody, .other: false
            }
        case is any UnsentRequestError: true
        default: false
        }
    }
}
