#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One GET as the client sends it: the address with its query, and the header fields.
///
/// The library's own type rather than `URLRequest`: on Linux that lives in FoundationNetworking,
/// whose static link brings all of corelibs Foundation and ICU into the binary (some 50 MB, which
/// every run maps and relocates at start-up, whether or not it makes a request).
public struct HTTPRequest: Sendable, Equatable {
    /// The address, query included.
    public var url: URL
    /// The header fields under the names they were set with.
    public private(set) var headerFields: [String: String]

    /// A GET of `url` with the given header fields.
    public init(url: URL, headerFields: [String: String] = [:]) {
        self.url = url
        self.headerFields = [:]
        for (name, value) in headerFields { setValue(value, forHTTPHeaderField: name) }
    }

    /// The field's value; names are matched without regard to case.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.field(named: name)?.value
    }

    /// Sets a field, or removes it with nil, replacing any spelling of the same name.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        if let existing = headerFields.field(named: name) { headerFields[existing.key] = nil }
        if let value { headerFields[name] = value }
    }
}

/// The answer to an `HTTPRequest`: any status, with its header fields.
public struct HTTPResponse: Sendable, Equatable {
    /// The address that answered.
    public let url: URL
    /// The status code, 200 for success.
    public let statusCode: Int
    /// The header fields under the names the server gave them.
    public let headerFields: [String: String]

    /// A response as a transport received it.
    public init(url: URL, statusCode: Int, headerFields: [String: String] = [:]) {
        self.url = url
        self.statusCode = statusCode
        self.headerFields = headerFields
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The field's value; names are matched without regard to case.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.field(named: name)?.value
    }
}

extension [String: String] {
    /// The entry whose key is `name` in any case.
    fileprivate func field(named name: String) -> (key: String, value: String)? {
        if let value = self[name] { return (name, value) }
        let wanted = name.lowercased()
        return first { $0.key.lowercased() == wanted }
    }
}

/// How an exchange failed on the wire, before a whole answer arrived. Transports say it in these
/// terms, never in their own error text, which can carry the URL and with it a key.
public enum NetworkFailure: Error, Sendable, Equatable {
    /// No answer within the time allowed.
    case timedOut
    /// Nothing listens at the address.
    case connectionRefused
    /// The connection broke off before the whole answer arrived.
    case connectionLost
    /// The server closed the connection without answering.
    case noAnswer
    /// The host name could not be resolved.
    case hostNotFound
    /// The machine has no network connection.
    case notConnected
    /// TLS could not be set up.
    case secureConnectionFailed
    /// The server's certificate was refused, for the reason given.
    case untrustedCertificate(CertificateProblem)
    /// The certificates to trust, as a file or folder the transport was given, could not be read.
    case trustedCertificatesUnreadable
    /// The status line or headers are not valid HTTP, or the headers are too large to be an answer.
    case invalidHTTP
    /// The body's compression cannot be decoded.
    case undecodableBody
    /// The request could not be put on the wire as given.
    case invalidRequest
    /// Anything else, in the transport's words, for example "libcurl error 42".
    case other(String)

    /// What went wrong, in words that follow "because" or a colon.
    public var reason: Words {
        switch self {
        case .timedOut: Words("timed out", "시간이 초과되었습니다")
        case .connectionRefused: Words("connection refused", "연결이 거부되었습니다")
        case .connectionLost: Words("the connection broke off before the whole answer arrived", "응답이 다 오기 전에 연결이 끊겼습니다")
        case .noAnswer: Words("the server closed the connection without a valid answer", "서버가 올바른 응답 없이 연결을 닫았습니다")
        case .hostNotFound: Words("the host name could not be resolved", "호스트 이름을 찾을 수 없습니다")
        case .notConnected: Words("no network connection", "네트워크에 연결되어 있지 않습니다")
        case .secureConnectionFailed: Words("the secure connection failed", "보안 연결에 실패했습니다")
        case .untrustedCertificate(let problem):
            Words(
                "the server's certificate is not trusted (\(problem.reason.english))",
                "서버의 인증서를 신뢰할 수 없습니다(\(problem.reason.korean))")
        case .trustedCertificatesUnreadable: Words("the certificates to trust could not be read", "신뢰할 인증서를 읽을 수 없습니다")
        case .invalidHTTP:
            Words("its status line or headers are not valid HTTP or are too large", "상태 줄이나 헤더가 올바른 HTTP가 아니거나 너무 큽니다")
        case .undecodableBody: Words("its body's compression cannot be decoded", "본문의 압축을 풀 수 없습니다")
        case .invalidRequest: Words("the request could not be sent as given", "요청을 주어진 그대로 보낼 수 없습니다")
        case .other(let description): Words(verbatim: description)
        }
    }
}

/// Why a server's certificate was refused.
public enum CertificateProblem: Sendable, Equatable {
    /// It is signed by itself, and not itself trusted.
    case selfSigned
    /// No trusted certificate authority signed it.
    case unknownIssuer
    /// Its validity ended.
    case expired
    /// Its validity has not begun.
    case notYetValid
    /// It is for another host name than the one asked for.
    case anotherName
    /// The transport did not say why.
    case unspecified

    /// Why, in words that fit in brackets.
    public var reason: Words {
        switch self {
        case .selfSigned: Words("it is self-signed", "자체 서명되었습니다")
        case .unknownIssuer: Words("no trusted certificate authority signed it", "신뢰하는 인증 기관의 서명이 없습니다")
        case .expired: Words("it has expired", "만료되었습니다")
        case .notYetValid: Words("it is not valid yet", "아직 유효하지 않습니다")
        case .anotherName: Words("it is for another name", "다른 이름의 인증서입니다")
        case .unspecified: Words("its verification failed", "검증에 실패했습니다")
        }
    }
}
