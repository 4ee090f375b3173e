@testable import BoxOfficeCore
import Foundation
import Testing

/// The library's errors in both languages: the command line's words in the run's language, an
/// app's in its own.
struct LanguageTests {
    @Test(arguments: [
        ("ko", true), ("ko_KR", true), ("ko_KR.UTF-8", true), ("ko_KR@euro", true), ("C", false), ("POSIX", false), ("en_US.UTF-8", false),
        ("kok_IN", false),
    ])
    func aLocaleIsKoreanWhenItsLanguageIsKo(_ locale: String, _ isKorean: Bool) {
        #expect((Language.of(locale: locale) == .ko) == isKorean)
    }

    @Test func everyErrorHasKoreanWithNoWordOfTheTool() {
        let errors: [BoxOfficeError] = [
            .missingAPIKey(.kobis), .timedOut(.kakao, seconds: 15), .notFound(.movie(code: "1")), .noChartData("2023-08-18"),
            .invalidRange(.tooLong(count: 400, limit: 366, unit: .days)), .transportFailed(.kobis, reason: "gave up"),
            .unknownCodeName("배급", group: .companyParts, known: ["배급사"]),
        ]
        for error in errors {
            let korean = Language.$current.withValue(.ko) { error.message }
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
            #expect(korean != Language.$current.withValue(.en) { error.message })
            #expect(!korean.contains("--") && !korean.contains("boxoffice"), "\(korean)")
            // An app reads its own language, whatever the words being written are in.
            #expect(Language.$current.withValue(.ko) { error.description } == Language.$current.withValue(Language.ofThisApp) { error.message })
        }
    }
}
