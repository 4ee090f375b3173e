#if canImport(Glibc)
import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// What the Linux transport makes of libcurl's raw answer.
struct CurlTransportTests {
    @Test func headerLinesAfterTheStatusLineBecomeFields() {
        let head =
            "HTTP/1.1 302 Found\r\nLocation: /moved?a=1\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Odd:  spaced \r\nno colon\r\n: nameless\r\n\r\n"
        let fields = CurlTransport.fields(of: head)
        #expect(fields["Location"] == "/moved?a=1")
        #expect(fields["X-Odd"] == "spaced")
        #expect(fields["Set-Cookie"] == "a=1, b=2")
        #expect(fields.count == 3)
        #expect(CurlTransport.fields(of: "HTTP/1.1 200 OK\r\nVia: a\r\nVia: b\r\n\r\n")["Via"] == "a, b")
        #expect(CurlTransport.fields(of: "HTTP/1.1 302 Found\nLocation: /hop\r\nRetry-After: 5\n\n") == ["Location": "/hop", "Retry-After": "5"])
    }

    @Test func libcurlFailuresBecomeTheErrorsTheClientClassifies() {
        #expect(CurlTransport.failure(7) == .connectionRefused)
        #expect(CurlTransport.failure(28) == .timedOut)
        #expect(CurlTransport.failure(52) == .noAnswer)
        #expect(CurlTransport.failure(18) == .connectionLost)
        #expect(CurlTransport.failure(6) == .hostNotFound)
        #expect(CurlTransport.failure(35) == .secureConnectionFailed)
        #expect(CurlTransport.failure(1) == .invalidHTTP)
        #expect(CurlTransport.failure(61) == .undecodableBody)
        #expect(CurlTransport.failure(9999) == .other("libcurl error 9999"))
    }

    @Test func aRefusedCertificateIsToldWithWhatLibcurlSaidOfIt() {
        #expect(CurlTransport.failure(60) == .untrustedCertificate(.unspecified))
        #expect(CurlTransport.failure(60, verifyResult: 20) == .untrustedCertificate(.unknownIssuer))
        #expect(CurlTransport.failure(60, verifyResult: 19) == .untrustedCertificate(.unknownIssuer))
        #expect(CurlTransport.failure(60, verifyResult: 18) == .untrustedCertificate(.selfSigned))
        #expect(CurlTransport.failure(60, verifyResult: 10) == .untrustedCertificate(.expired))
        #expect(CurlTransport.failure(60, verifyResult: 9) == .untrustedCertificate(.notYetValid))
        #expect(CurlTransport.failure(60, verifyResult: 62) == .untrustedCertificate(.anotherName))
        #expect(CurlTransport.failure(60, forAnotherName: true) == .untrustedCertificate(.anotherName))
        #expect(CurlTransport.failure(83) == .untrustedCertificate(.unspecified))
        // A handshake that failed on a verification result is the certificate's doing; without one, it is not.
        #expect(CurlTransport.failure(35, verifyResult: 20) == .untrustedCertificate(.unknownIssuer))
        #expect(CurlTransport.failure(77) == .trustedCertificatesUnreadable)
        #expect(
            NetworkFailure.untrustedCertificate(.unknownIssuer).reason.english
                == "the server's certificate is not trusted (no trusted certificate authority signed it)")
    }

    @Test func theCertificatesToTrustAreReadAsCurlReadsThem() {
        func trust(_ variables: [String: String]) -> CurlTransport.TrustedCertificates {
            CurlTransport.TrustedCertificates { variables[$0] }
        }
        #expect(trust([:]) == .init())
        #expect(trust(["SSL_CERT_FILE": "/a.pem"]) == .init(file: "/a.pem"))
        #expect(trust(["SSL_CERT_DIR": "/certs"]) == .init(folder: "/certs"))
        #expect(trust(["SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/certs"]) == .init(file: "/a.pem", folder: "/certs"))
        #expect(trust(["CURL_CA_BUNDLE": "/b.pem", "SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/certs"]) == .init(file: "/b.pem"))
    }
}
#endif
