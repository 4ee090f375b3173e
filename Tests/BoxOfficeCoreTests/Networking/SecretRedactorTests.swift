import Foundation
import Testing
@testable import BoxOfficeCore

/// Keys are found however a service echoes them: as they are, percent-encoded or JSON-escaped, in any case.
struct SecretRedactorTests {
    let redactor = SecretRedactor(secrets: ["abc-DEF_123+/x", nil, "short"])

    @Test func plainAndPercentEncodedFormsAreReplaced() {
        #expect(redactor.redact("wrong appKey(abc-DEF_123+/x) format") == "wrong appKey([redacted]) format")
        #expect(redactor.redact("v=abc%2DDEF_123%2B%2Fx&") == "v=[redacted]&")
        #expect(redactor.redact("v=%61bc-DEF%5f123%2b%2fx") == "v=[redacted]")
        #expect(redactor.redact("abc-DEF_123+/xabc-DEF_123+/x") == "[redacted][redacted]")
    }

    @Test func jsonEscapedAndDifferentlyCasedFormsAreReplaced() {
        #expect(redactor.redact(#"{"movieNm":"\u0061bc-DEF_123+\/x"}"#) == #"{"movieNm":"[redacted]"}"#)
        #expect(redactor.redact(#"\u0041\u0042\u0043\u002d\u0064\u0065\u0066_123+/x"#) == "[redacted]")
        #expect(redactor.redact("to another host, abc-def_123+/x.example") == "to another host, [redacted].example")
        #expect(redactor.redact("ABC-DEF_123%2B/X") == "[redacted]")
        #expect(redactor.redact(#"\u00"#) == #"\u00"#)
    }

    @Test func otherTextIsLeftAsItIs() {
        #expect(redactor.redact("abc-DEF_123+/ nearly") == "abc-DEF_123+/ nearly")
        #expect(redactor.redact("a short key is not looked for") == "a short key is not looked for")
        let body = Data("{\"movieNm\":\"밀수\"}".utf8)
        #expect(redactor.redact(body) == body)
    }
}
