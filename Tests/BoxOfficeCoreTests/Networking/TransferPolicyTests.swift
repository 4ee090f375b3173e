import Foundation
import Testing
@testable import BoxOfficeCore

/// Which redirects a key may follow: the same origin only, and never from https to http.
struct TransferPolicyTests {
    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test func apiRequestsStayOnTheirOrigin() throws {
        let policy = TransferPolicy.api
        let source = try Self.url("https://www.kobis.or.kr/kobisopenapi/a.json?key=k")
        #expect(policy.refusal(from: source, to: try Self.url("https://www.kobis.or.kr/other.json?key=k"), previousRedirects: 0) == nil)
        #expect(policy.refusal(from: source, to: try Self.url("https://WWW.KOBIS.OR.KR:443/b"), previousRedirects: 0) == nil)
        let other = policy.refusal(from: source, to: try Self.url("https://evil.example/a?key=k"), previousRedirects: 0)
        #expect(other?.description == "to another host, evil.example")
        let port = policy.refusal(from: source, to: try Self.url("https://www.kobis.or.kr:8443/a"), previousRedirects: 0)
        #expect(port?.description == "to another host, www.kobis.or.kr:8443")
    }

    @Test func refusalsNameWhereTheRedirectPointed() throws {
        let source = try Self.url("http://127.0.0.1:8080/a")
        #expect(
            TransferPolicy.api.refusal(from: source, to: try Self.url("http://[::1]:8080/a"), previousRedirects: 0)?.description
                == "to another host, [::1]:8080")
        #expect(
            TransferPolicy.api.refusal(from: source, to: try Self.url("http:/a"), previousRedirects: 0)?.description == "to an address without a host"
        )
    }

    @Test func aLoopWithinTheOriginEndsAfterTenRedirects() throws {
        let here = try Self.url("https://www.kobis.or.kr/a")
        #expect(TransferPolicy.api.refusal(from: here, to: here, previousRedirects: 9) == nil)
        #expect(TransferPolicy.api.refusal(from: here, to: here, previousRedirects: 10) == .tooMany(10))
    }

    @Test func noRequestFollowsHTTPSToPlainHTTP() throws {
        for policy in [TransferPolicy.api, .image] {
            let refusal = policy.refusal(
                from: try Self.url("https://dapi.kakao.com/v2/search/image"), to: try Self.url("http://dapi.kakao.com/v2/search/image"),
                previousRedirects: 0)
            #expect(refusal == .downgrade(Origin(try Self.url("http://dapi.kakao.com"))))
        }
    }

    @Test func imagesMoveBetweenWebHostsAtMostFiveTimes() throws {
        let policy = TransferPolicy.image
        let source = try Self.url("http://a.example/p.jpg")
        #expect(policy.refusal(from: source, to: try Self.url("https://b.example/p.jpg"), previousRedirects: 4) == nil)
        #expect(policy.refusal(from: source, to: try Self.url("https://b.example/p.jpg"), previousRedirects: 5) == .tooMany(5))
        #expect(policy.refusal(from: source, to: try Self.url("ftp://b.example/p.jpg"), previousRedirects: 0) == .scheme("ftp"))
        #expect(policy.refusal(from: source, to: try Self.url("file:///etc/passwd"), previousRedirects: 0) == .scheme("file"))
    }
}
