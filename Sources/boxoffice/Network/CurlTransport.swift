import BoxOfficeApp
#if os(Linux)
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import LazyCurl

/// The network on Linux: every request a libcurl GET, driven with the others on one network
/// thread through libcurl's multi interface (`Sources/LazyCurl/LazyCurl.c`). A redirect is handed
/// back as it came, for the client to decide on; no body outgrows the policy's bound.
///
/// libcurl is loaded on that thread when the run is about to send (`prepare`), so a run the cache
/// answers never maps it.
struct CurlTransport: TimeBoundLoading {
    let policy: TransferPolicy
    /// For a caller that gives no time of its own (`data(for:)`, through a middleware): a backstop
    /// behind its deadline. The client gives each attempt the time it has left (`data(for:within:)`).
    let timeout: Double
    /// `BOXOFFICE_LIBCURL`: the library to load instead of libcurl.so.4.
    let libraryPath: String?
    /// The certificates to trust instead of libcurl's own bundle.
    var trust = TrustedCertificates()

    /// Certificates to trust, named as curl's variables name them.
    struct TrustedCertificates: Equatable {
        /// A PEM file of certificates (CURLOPT_CAINFO).
        var file: String?
        /// A folder of certificates under their hashed names, as `openssl rehash` makes (CURLOPT_CAPATH).
        var folder: String?

        init(file: String? = nil, folder: String? = nil) {
            self.file = file
            self.folder = folder
        }

        /// As the curl tool reads them: `CURL_CA_BUNDLE` wins; without it, `SSL_CERT_FILE` and
        /// `SSL_CERT_DIR` both count. An empty value counts as unset.
        init(variable: (String) -> String?) {
            if let bundle = variable("CURL_CA_BUNDLE") {
                self.init(file: bundle)
            } else {
                self.init(file: variable("SSL_CERT_FILE"), folder: variable("SSL_CERT_DIR"))
            }
        }
    }

    /// Starts loading libcurl on the network thread and returns at once: the run will send.
    static func prepare(libraryPath: String?) {
        Self.withOptionalCString(libraryPath) { lazy_curl_prepare($0) }
    }

    func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await Self.get(
            request, libraryPath: libraryPath, limit: policy.maximumBytes, milliseconds: Self.milliseconds(timeout + Self.backstopMargin),
            trust: trust)
    }

    /// The client's own call: the attempt's time left is libcurl's timeout, so no deadline is raced.
    func data(for request: HTTPRequest, within seconds: Double) async throws -> (Data, HTTPResponse) {
        try await Self.get(request, libraryPath: libraryPath, limit: policy.maximumBytes, milliseconds: Self.milliseconds(seconds), trust: trust)
    }

    /// libcurl's timeout for `seconds`: at least a millisecond, since 0 would mean none.
    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((min(seconds, 1e9) * 1000).rounded(.up)))
    }

    /// libcurl's CURLE_FAILED_INIT: no request could be made, libcurl not loaded.
    private static let failedInit: Int32 = 2

    /// Why no request can be sent, in the words the tool says it with.
    private static var unavailable: LibcurlUnavailable {
        LibcurlUnavailable(reason: lazy_curl_failure().map { String(cString: $0) } ?? "no thread could be started for the network")
    }

    private static let backstopMargin = 5.0

    /// One GET, handed to the network thread and awaited: no thread waits for it, not even while
    /// libcurl loads.
    private static func get(
        _ request: HTTPRequest, libraryPath: String?, limit: Int, milliseconds: Int, trust: TrustedCertificates,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> (Data, HTTPResponse) {
        let url = request.url
        let lines = try request.headerFields.map { name, value in
            let line = "\(name): \(value)"
            // One header per line: a line break would smuggle in another.
            guard !line.utf8.contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else { throw NetworkFailure.invalidRequest }
            return line
        }
        // Cancelling the task throws the switch: the network thread takes the transfer out and
        // libcurl closes its connection, rather than let it run on after the caller has gone.
        guard let made = lazy_curl_switch_new() else { throw NetworkFailure.other("out of memory") }
        let abort = AbortSwitch(made)
        // The transfer has ended once the continuation has resumed, and no cancellation handler
        // runs after the operation returns.
        defer { lazy_curl_switch_free(made) }
        return try await withTaskCancellationHandler {
            // On the caller's executor, by naming it: handing the transfer over needs no other
            // thread, which could not even start while libcurl loads.
            _ = isolation
            return try await withCheckedThrowingContinuation { continuation in
                let waiting = Unmanaged.passRetained(Waiting(continuation, url: url, limit: limit)).toOpaque()
                let code = start(
                    url, libraryPath: libraryPath, lines: lines, limit: limit, milliseconds: milliseconds, trust: trust, abort: abort,
                    waiting: waiting)
                if code != 0 {
                    // Refused before it started: read as a transfer that ended with nothing.
                    Unmanaged<Waiting>.fromOpaque(waiting).release()
                    continuation.resume(with: Result { try read(code, lazy_curl_answer(), url: url, limit: limit) })
                }
            }
        } onCancel: {
            lazy_curl_switch_throw(abort.pointer)
        }
    }

    /// The switch of one transfer, passed between threads by its address.
    struct AbortSwitch: Sendable {
        private let address: Int

        init(_ pointer: OpaquePointer) {
            address = Int(bitPattern: pointer)
        }

        var pointer: OpaquePointer? { OpaquePointer(bitPattern: address) }
    }

    /// A caller waiting for its transfer's end, and what reading the answer needs.
    private final class Waiting: Sendable {
        let continuation: CheckedContinuation<(Data, HTTPResponse), any Error>
        let url: URL
        let limit: Int

        init(_ continuation: CheckedContinuation<(Data, HTTPResponse), any Error>, url: URL, limit: Int) {
            self.continuation = continuation
            self.url = url
            self.limit = limit
        }
    }

    /// libcurl's CURLE_ABORTED_BY_CALLBACK: the switch was thrown.
    static let abortedByCallback: Int32 = 42

    private static func start(
        _ url: URL, libraryPath: String?, lines: [String], limit: Int, milliseconds: Int, trust: TrustedCertificates, abort: AbortSwitch,
        waiting: UnsafeMutableRawPointer
    ) -> Int32 {
        // C strings for the call only: the transfer copies what it keeps.
        let copies = lines.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        guard copies.allSatisfy({ $0 != nil }) else { return 27 }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            withOptionalCString(libraryPath) { library in
                withOptionalCString(trust.file) { file in
                    withOptionalCString(trust.folder) { folder in
                        lazy_curl_start(
                            library, url.absoluteString, pointers.baseAddress, Int32(pointers.count), limit, milliseconds, file, folder,
                            abort.pointer,
                            { context, code, answer in
                                guard let context, let answer else { return }
                                let waiting = Unmanaged<Waiting>.fromOpaque(context).takeRetainedValue()
                                waiting.continuation.resume(
                                    with: Result { try CurlTransport.read(code, answer.pointee, url: waiting.url, limit: waiting.limit) })
                            }, waiting)
                    }
                }
            }
        }
    }

    /// What a transfer's end means: an answer, or the error it is.
    private static func read(_ code: Int32, _ answer: lazy_curl_answer, url: URL, limit: Int) throws -> (Data, HTTPResponse) {
        defer { free(answer.headers) }
        if answer.body_too_large != 0 { throw TransportError.bodyTooLarge(limit: limit) }
        guard code == 0 else {
            if code == abortedByCallback { throw CancellationError() }
            if code == failedInit { throw unavailable }
            if answer.headers_too_large != 0 { throw NetworkFailure.invalidHTTP }
            throw failure(code, forAnotherName: answer.certificate_for_another_name != 0, verifyResult: answer.openssl_verify_result)
        }
        let body = answer.body.map { Data(bytesNoCopy: $0, count: answer.body_length, deallocator: .free) } ?? Data()
        let head = answer.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: answer.headers_length), as: UTF8.self) } ?? ""
        return (body, HTTPResponse(url: url, statusCode: answer.status, headerFields: fields(of: head)))
    }

    /// The header lines after the status line, ended by CRLF or, as libcurl also accepts, LF.
    /// Names are matched without regard to case, and a repeated one joins its values with commas
    /// under its first spelling.
    static func fields(of head: String) -> [String: String] {
        var fields: [String: String] = [:]
        var spellings: [String: String] = [:]
        for line in head.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmed
            let value = String(line[line.index(after: colon)...]).trimmed
            guard !name.isEmpty else { continue }
            if let spelling = spellings[name.lowercased()], let earlier = fields[spelling] {
                fields[spelling] = earlier + ", " + value
            } else {
                spellings[name.lowercased()] = name
                fields[name] = value
            }
        }
        return fields
    }

    /// A C string of `text` for the call, or NULL when there is none.
    private static func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    /// libcurl's result codes in the terms the client and the downloader classify; for a refused
    /// certificate, what libcurl said of it: that it is for another name, or OpenSSL's verification result.
    static func failure(_ code: Int32, forAnotherName: Bool = false, verifyResult: Int = 0) -> NetworkFailure {
        switch code {
        // The URL's scheme is always http or https: what libcurl calls an unsupported protocol is
        // an answer without a status line (HTTP/0.9).
        case 1, 8: .invalidHTTP
        case 3: .invalidRequest
        case 5, 6: .hostNotFound
        case 7: .connectionRefused
        case 16, 18, 55, 56, 92: .connectionLost
        case 28: .timedOut
        case 52: .noAnswer
        // The peer's certificate failed verification (60) or its issuer's check did (83); a
        // handshake that failed (35) on a verification result did too.
        case 60, 83: .untrustedCertificate(problem(forAnotherName: forAnotherName, verifyResult: verifyResult))
        case 35 where forAnotherName || verifyResult != 0: .untrustedCertificate(problem(forAnotherName: forAnotherName, verifyResult: verifyResult))
        // The CA file or folder could not be read.
        case 77: .trustedCertificatesUnreadable
        case 35, 53, 54, 58, 59, 64, 66, 80, 82, 90, 91, 98: .secureConnectionFailed
        case 61: .undecodableBody
        // The body's buffer could not grow (the write callback's refusal), or libcurl's own memory.
        case 23, 27: .other("out of memory")
        default: .other("libcurl error \(code)")
        }
    }

    /// OpenSSL's X509_V_ERR_… numbers that say why a certificate is refused.
    private enum OpenSSLVerifyResult {
        static let unknownIssuer: Set<Int> = [2, 19, 20, 21]
        static let notYetValid = 9
        static let expired = 10
        static let selfSigned = 18
        /// Host name and IP address mismatches, when OpenSSL checks the name.
        static let anotherName: Set<Int> = [62, 64]
    }

    private static func problem(forAnotherName: Bool, verifyResult: Int) -> CertificateProblem {
        if forAnotherName || OpenSSLVerifyResult.anotherName.contains(verifyResult) { return .anotherName }
        switch verifyResult {
        case OpenSSLVerifyResult.selfSigned: return .selfSigned
        case OpenSSLVerifyResult.expired: return .expired
        case OpenSSLVerifyResult.notYetValid: return .notYetValid
        case let result where OpenSSLVerifyResult.unknownIssuer.contains(result): return .unknownIssuer
        default: return .unspecified
        }
    }
}

#endif
