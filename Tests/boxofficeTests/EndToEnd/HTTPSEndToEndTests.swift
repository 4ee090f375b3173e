import Foundation
import Testing

/// The binary's https path, against a TLS front on 127.0.0.1 whose certificate authority each test
/// makes with `openssl`: an authority named by curl's variables is trusted, any other certificate
/// is refused before a byte of the request (and so of the key) is sent, and a range keeps its few
/// TLS connections open from one request to the next.
@Suite(.serialized)
struct HTTPSEndToEndTests {
    static let tools = ["openssl", "python3"]
    static let missing = "openssl or python3 is not installed; run .ci/install-test-tools"
    static let daily = ["daily", "--date", "20230818"]

    /// The chart server behind a TLS front that shows `identity`.
    static func kobis(
        _ certificates: TestCertificates, showing identity: TestCertificates.Identity,
        handler: @escaping @Sendable (RecordedRequest) -> StubResponse = { _ in .fixture("kobis/daily-20230818.json") }
    )
        async throws -> (server: LoopbackServer, front: TLSFront)
    {
        let server = try LoopbackServer(handler: handler)
        return (server, try await TLSFront(serving: server, as: identity))
    }

    /// The ways curl is told which authorities to trust, each naming the test's authority; a
    /// `CURL_CA_BUNDLE` wins over an `SSL_CERT_FILE` that names nothing, as in curl.
    enum Trust: String, CaseIterable {
        case certificateFile = "SSL_CERT_FILE"
        case curlBundle = "CURL_CA_BUNDLE"
        case certificateFolder = "SSL_CERT_DIR"

        func environment(_ certificates: TestCertificates) -> [String: String] {
            switch self {
            case .certificateFile: ["SSL_CERT_FILE": certificates.authority.path]
            case .curlBundle: ["CURL_CA_BUNDLE": certificates.authority.path, "SSL_CERT_FILE": "/nonexistent/ca.pem"]
            case .certificateFolder: ["SSL_CERT_DIR": certificates.authorityFolder.path]
            }
        }
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)), arguments: Trust.allCases)
    func anAuthorityNamedAsCurlReadsItIsTrusted(by trust: Trust) async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.loopback)
        defer { front.stop(); server.stop() }
        let run = try await BinaryRunner(kobisURL: front.baseURL).runBinary(Self.daily, extraEnvironment: trust.environment(certificates))
        #expect(run.status == 0, "\(trust.rawValue): \(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey, "the key arrived over TLS")
        BinaryRunner.expectNoKey(run)
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)))
    func theNameLocalhostIsTrustedToo() async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.loopback)
        defer { front.stop(); server.stop() }
        let run = try await BinaryRunner(kobisURL: "https://localhost:\(front.port)")
            .runBinary(Self.daily, extraEnvironment: ["SSL_CERT_FILE": certificates.authority.path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)))
    func aCertificateNoTrustedAuthoritySignedIsRefusedNamingTheCertificate() async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.loopback)
        defer { front.stop(); server.stop() }
        // The system's authorities only: the test's is not among them.
        let run = try await BinaryRunner(kobisURL: front.baseURL).runBinary(Self.daily)
        BinaryRunner.expectFailure(
            run, status: 69,
            mentioning: [
                "Cannot reach KOBIS at 127.0.0.1: the server's certificate is not trusted (no trusted certificate authority signed it)."
            ])
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(server.requestCount == 0, "a request went past the refused certificate")
        #expect(front.connectionCount == 1, "a refused certificate is not retried")
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)))
    func aCertificateForAnotherNameIsRefused() async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.otherName)
        defer { front.stop(); server.stop() }
        let run = try await BinaryRunner(kobisURL: front.baseURL).runBinary(
            Self.daily, extraEnvironment: ["SSL_CERT_FILE": certificates.authority.path])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["the server's certificate is not trusted (it is for another name)"])
        #expect(server.requestCount == 0)
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)))
    func anUnreadableAuthorityFileIsSaid() async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.loopback)
        defer { front.stop(); server.stop() }
        let run = try await BinaryRunner(kobisURL: front.baseURL).runBinary(Self.daily, extraEnvironment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["the certificates to trust could not be read"])
        #expect(server.requestCount == 0)
    }

    @Test(.enabled(if: TestTools.run(with: tools), Comment(rawValue: missing)))
    func aFortnightWithTwoJobsKeepsItsFewTLSConnectionsOpen() async throws {
        let certificates = try await TestCertificates()
        let (server, front) = try await Self.kobis(certificates, showing: certificates.loopback, handler: StubResponse.syntheticDay)
        defer { front.stop(); server.stop() }
        let run = try await BinaryRunner(kobisURL: front.baseURL).runBinary(
            ["daily", "--from", "20230801", "--to", "20230814", "--jobs", "2", "--format", "csv"],
            extraEnvironment: ["SSL_CERT_FILE": certificates.authority.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requestCount == 14)
        #expect((1...4).contains(front.connectionCount), "\(front.connectionCount) TLS connections for 14 requests")
    }
}
