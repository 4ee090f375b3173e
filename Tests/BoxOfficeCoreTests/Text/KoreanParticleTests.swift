@testable import BoxOfficeCore
import Testing

/// A particle follows the sound that ends the value before it, as a Korean reader says the value.
struct KoreanParticleTests {
    @Test(arguments: [
        // Hangul with and without a final consonant, and with ㄹ.
        ("KOBIS", KoreanParticle.subject, "가"), ("카카오", .subject, "가"), ("영화", .object, "를"), ("박스오피스", .topic, "는"),
        ("예산", .subject, "이"), ("예산", .object, "을"), ("예산", .and, "과"), ("예산", .direction, "으로"), ("서울", .direction, "로"),
        // Digits read as Sino-Korean numbers: 삼 ends in a consonant, 일·칠·팔 in ㄹ, 이·사·오·구 in a vowel.
        ("HTTP 503", .direction, "으로"), ("2023-08-18", .subject, "이"), ("2023-08-19", .subject, "가"), ("2017", .direction, "로"),
        ("2023-08-12", .topic, "는"), ("2023-08-16", .object, "을"),
        // Latin by the sound of its last letter.
        ("--from", .and, "과"), ("--to", .object, "를"), ("--ignore-quota", .object, "를"), ("…json", .subject, "이"),
        ("BOXOFFICE_KOBIS_URL", .subject, "이"), ("BOXOFFICE_KOBIS_URL", .direction, "로"), ("--mail-from", .topic, "은"),
        ("--year", .and, "과"), ("--month", .and, "와"),
        // A closing remark in parentheses, and marks, are passed over.
        ("동기화(프로세스 12)", .subject, "가"), ("'밀수'", .object, "를"), ("설정 파일(3번째 줄)", .object, "을"),
    ])
    func theParticleFollowsTheLastSound(word: String, particle: KoreanParticle, expected: String) {
        #expect(particle.after(word) == expected, "\(word)")
        #expect("\(word, particle: particle)" == word + expected)
    }
}
