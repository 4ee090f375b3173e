#if canImport(Glibc)
import BoxOfficeCore
import Foundation
import FoundationNetworking
import Glibc
import LazyCurl

/// The network on Linux: one libcurl GET per request (`Sources/LazyCurl/CurlGet.c`), each waited
/// for on a thread of its own, with every redirect decided here by the `TransferPolicy` before it
/// is followed, so a key never crosses to another origin and no body outgrows its bound.
///
/// libcurl is loaded on the first request (see `Sources/LazyCurl`), so a run the cache answers
/// never maps it.
struct CurlTransport: HTTPDataLoading {
    let policy: TransferPolicy
    /// A backstop behind the client's own deadline, which ends each attempt.
    let timeout: Double
    /// `BOXOFFICE_LIBCURL`: the library to load instead of libcurl.so.4.
    let libraryPath: String?

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        // A request may be followed by cache and ledger writes, and may take a while to answer.
        Terminal.armSignalHandlers()
        let failure = libraryPath.map { path in path.withCString { lazy_curl_load($0) } } ?? lazy_curl_load(nil)
        if let failure { throw LibcurlUnavailable(reason: String(cString: failure)) }
        guard var url = request.url else { throw URLError(.badURL) }
        var headers = request.allHTTPHeaderFields ?? [:]
        var redirects = 0
        while true {
            let (body, response) = try await Self.get(url, headers: headers, limit: policy.maximumBytes, timeout: timeout)
            guard Self.redirectStatuses.contains(response.statusCode),
                  let location = response.value(forHTTPHeaderField: "Location"),
                  let target = URL(string: location, relativeTo: url)?.absoluteURL else { return (body, response) }
            if let refusal = policy.refusal(from: url, to: target, previousRedirects: redirects) {
                throw TransportError.redirectRefused(refusal)
            }
            // Credentials stay with their origin, whatever else the policy lets a redirect do.
            if Origin(target) != Origin(url) { headers["Authorization"] = nil }
            url = target
            redirects += 1
        }
    }

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    private static let backstopMargin = 5.0

    /// One GET, waited for on a new thread: libcurl's easy interface blocks, and a thread of the
    /// concurrency pool must not.
    private static func get(_ url: URL, headers: [String: String], limit: Int, timeout: Double) async throws -> (Data, HTTPURLResponse) {
        let lines = try headers.map { name, value in
            let line = "\(name): \(value)"
            // One header per line: a line break would smuggle in another.
            guard !line.utf8.contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else { throw URLError(.badURL) }
            return line
        }
        let milliseconds = Int((timeout + backstopMargin) * 1000)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try perform(url, lines: lines, limit: limit, milliseconds: milliseconds) })
            }.start()
        }
    }

    private static func perform(_ url: URL, lines: [String], limit: Int, milliseconds: Int) throws -> (Data, HTTPURLResponse) {
        let copies = lines.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        guard copies.allSatisfy({ $0 != nil }) else { throw URLError(.unknown) }
        var answer = lazy_curl_answer()
        let code = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            lazy_curl_get(url.absoluteString, pointers.baseAddress, Int32(pointers.count), limit, milliseconds, &answer)
        }
        defer { free(answer.headers) }
        if answer.body_too_large != 0 { throw TransportError.bodyTooLarge(limit: limit) }
        guard code == 0 else { throw URLError(answer.headers_too_large != 0 ? .cannotParseResponse : errorCode(code)) }
        let body = answer.body.map { Data(bytesNoCopy: $0, count: answer.body_length, deallocator: .free) } ?? Data()
        let head = answer.headers.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: answer.headers_length), as: UTF8.self) } ?? ""
        guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: fields(of: head)) else {
            throw URLError(.badServerResponse)
        }
        return (body, response)
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

    /// libcurl's result codes as the `URLError` codes the client and the downloader classify.
    static func errorCode(_ code: Int32) -> URLError.Code {
        switch code {
        // The URL's scheme is always http or https: what libcurl calls an unsupported protocol is
        // an answer without a status line (HTTP/0.9).
        case 1, 8: .cannotParseResponse
        case 3: .badURL
        case 5, 6: .cannotFindHost
        case 7: .cannotConnectToHost
        case 16, 18, 55, 56, 92: .networkConnectionLost
        case 28: .timedOut
        case 52: .zeroByteResource
        case 60: .serverCertificateUntrusted
        case 35, 53, 54, 58, 59, 64, 66, 77, 80, 82, 83, 90, 91, 98: .secureConnectionFailed
        case 61: .cannotDecodeContentData
        default: .unknown
        }
    }
}
#endif
