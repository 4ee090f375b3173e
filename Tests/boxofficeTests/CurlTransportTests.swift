#if canImport(Glibc)
@testable import boxoffice
import Foundation
import Testing

/// What the Linux transport makes of libcurl's raw answer.
struct CurlTransportTests {
    @Test func headerLinesAfterTheStatusLineBecomeFields() {
        let head = "HTTP/1.1 302 Found\r\nLocation: /moved?a=1\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Odd:  spaced \r\nno colon\r\n: nameless\r\n\r\n"
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
        #expect(CurlTransport.failure(60) == .secureConnectionFailed)
        #expect(CurlTransport.failure(35) == .secureConnectionFailed)
        #expect(CurlTransport.failure(1) == .invalidHTTP)
        #expect(CurlTransport.failure(61) == .undecodableBody)
        #expect(CurlTransport.failure(9999) == .other("libcurl error 9999"))
    }
}
#endif
