import BoxOfficeCore
import BoxOfficeURLSession
import Foundation
import Testing

/// The transport builds use where there is no glibc, tried here against the loopback server so
/// that it is compiled and exercised on Linux too, where the executable does not link it.
struct URLSessionTransportTests {
    private func request(_ server: LoopbackServer, _ path: String, headers: [String: String] = [:]) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: server.baseURL + path)), headerFields: headers)
    }

    @Test func anAnswerComesBackWithItsStatusAndFields() async throws {
        let server = try LoopbackServer { _ in StubResponse(status: 404, headers: ["X-Answer": "yes"], body: Data("missing".utf8)) }
        defer { server.stop() }
        let transport = URLSessionTransport(policy: .api, timeout: 5)
        let (body, response) = try await transport.data(for: request(server, "/rest/x?a=1", headers: ["Accept": "application/json"]))
        #expect(String(decoding: body, as: UTF8.self) == "missing")
        #expect(response.statusCode == 404 && response.value(forHTTPHeaderField: "x-answer") == "yes")
        #expect(server.requests.first?.target == "/rest/x?a=1" && server.requests.first?.headers["accept"] == "application/json")
    }

    @Test func aRedirectIsHandedBackForTheClientToDecide() async throws {
        let other = try LoopbackServer { _ in .json("{}") }
        defer { other.stop() }
        let server = try LoopbackServer { _ in .redirect(to: other.baseURL + "/elsewhere") }
        defer { server.stop() }
        let (_, response) = try await URLSessionTransport().data(for: request(server, "/rest/x"))
        #expect(response.statusCode == 302 && response.value(forHTTPHeaderField: "Location") == other.baseURL + "/elsewhere")
        #expect(other.requestCount == 0)
    }

    @Test func aBodyPastTheLimitIsRefused() async throws {
        let server = try LoopbackServer { _ in StubResponse(body: Data(repeating: 0x41, count: 4096)) }
        defer { server.stop() }
        let transport = URLSessionTransport(policy: TransferPolicy(maximumBytes: 1000, redirects: .sameOrigin), timeout: 5)
        await #expect(throws: TransportError.bodyTooLarge(limit: 1000)) {
            try await transport.data(for: request(server, "/big"))
        }
    }

    /// On Linux, FoundationNetworking trusts libcurl's built-in bundle only: it reads neither
    /// SSL_CERT_FILE nor CURL_CA_BUNDLE (swift-corelibs-foundation's EasyHandle reads a variable of
    /// its own on Android only), and a URLSession has no setting for it. A private authority's
    /// certificate is refused, and said to be the certificate.
    @Test(.enabled(if: TestTools.run(with: ["openssl", "python3"]), "openssl or python3 is not installed; run .ci/install-test-tools"))
    func aCertificateNoTrustedAuthoritySignedIsRefusedAsTheCertificate() async throws {
        let certificates = try await TestCertificates()
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let front = try await TLSFront(serving: server, as: certificates.loopback)
        defer { front.stop() }
        let transport = URLSessionTransport(policy: .api, timeout: 5)
        let url = try #require(URL(string: front.baseURL + "/rest/x"))
        let error = await #expect(throws: NetworkFailure.self) { try await transport.data(for: HTTPRequest(url: url, headerFields: [:])) }
        guard case .untrustedCertificate = error else {
            Issue.record("not said to be the certificate: \(String(describing: error))")
            return
        }
        #expect(server.requestCount == 0)
    }

    @Test func nothingListeningIsAConnectionRefused() async throws {
        // A port that was just free: the server's, once it has stopped.
        let closed = try LoopbackServer { _ in StubResponse() }
        closed.stop()
        let transport = URLSessionTransport(policy: .api, timeout: 5)
        await #expect(throws: NetworkFailure.connectionRefused) {
            try await transport.data(for: request(closed, "/rest"))
        }
    }

    @Test(arguments: [80 * 1024, 8 * 1024 * 1024])
    func headersPastTheirLimitAreAMalformedAnswer(_ size: Int) async throws {
        // 80 KiB passes libcurl's own line limit and meets ours; 8 MiB meets libcurl's.
        let server = try LoopbackServer { _ in StubResponse(headers: ["X-Huge": String(repeating: "a", count: size)], body: Data("{}".utf8)) }
        defer { server.stop() }
        let transport = URLSessionTransport(policy: .api, timeout: 5)
        await #expect(throws: NetworkFailure.invalidHTTP) {
            try await transport.data(for: request(server, "/rest/x"))
        }
    }

    @Test func headersUnderTheLimitAreRead() async throws {
        let server = try LoopbackServer { _ in StubResponse(headers: ["X-Large": String(repeating: "a", count: 60 * 1024)], body: Data("{}".utf8)) }
        defer { server.stop() }
        let (_, response) = try await URLSessionTransport(policy: .api, timeout: 5).data(for: request(server, "/rest/x"))
        #expect(response.value(forHTTPHeaderField: "X-Large")?.count == 60 * 1024)
    }
}
