import Foundation
import Testing
@testable import BoxOfficeCore

/// Keys are found however a service echoes them: as they are, or percent-encoded in any case.
struct SecretRedactorTests {
    let redactor = SecretRedactor(secrets: ["abc-DEF_123+/x", nil, "short"])

    @Test func plainAndPercentEncodedFormsAreReplaced() {
        #expect(redactor.redact("wrong appKey(abc-DEF_123+/x) format") == "wrong appKey([redacted]) format")
        #expect(redactor.redact("v=abc%2DDEF_123%2B%2Fx&") == "v=[redacted]&")
        #expect(redactor.redact("v=%61bc-DEF%5f123%2b%2fx") == "v=[redacted]")
        #expect(redactor.redact("abc-DEF_123+/xabc-DEF_123+/x") == "[redacted][redacted]")
    }

    @Test func otherTextIsLeftAsItIs() {
        #expect(redactor.redact("abc-DEF_123+/ nearly") == "abc-DEF_123+/ nearly")
        #expect(redactor.redact("a short key is not looked for") == "a short key is not looked for")
        let body = Data("{\"movieNm\":\"밀수\"}".utf8)
        #expect(redactor.redact(body) == body)
    }
}
