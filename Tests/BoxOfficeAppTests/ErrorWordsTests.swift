@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Testing

/// The same failure in the caller's words: `--date` and `boxoffice people <name>` to a shell,
/// `date` and `search_people` to a model, and never an option its tool cannot pass.
struct ErrorWordsTests {
    static let shellWords = ["--", "boxoffice ", "'boxoffice", "config set"]

    @Test func noErrorTellsAModelOfACommandLine() throws {
        for tool in MCPTool.all {
            for (error, _) in ErrorReportingTests.samples {
                let message = ErrorText.message(for: error, caller: .tool(tool))
                #expect(!Self.shellWords.contains { message.contains($0) }, "\(tool.name): \(message)")
                #expect(message.hasSuffix(".") && !message.contains(".."), "\(tool.name): \(message)")
            }
        }
    }

    @Test func aModelIsToldWhatItCanDo() throws {
        let trend = try #require(MCPTool.named("movie_trend"))
        func told(_ error: BoxOfficeError) -> String { ErrorText.message(for: error, caller: .tool(trend)) }
        #expect(told(.notFound(.person(code: "1"))).hasSuffix("Find codes with 'search_people'."))
        #expect(told(.notFound(.movie(code: "1"))).hasSuffix("Find codes with 'search_movies'."))
        #expect(told(.dailyLimitReached(.kobis, limit: 3_000)).hasSuffix("Try again tomorrow."))
        #expect(told(.timedOut(.kobis, seconds: 15)).hasSuffix("Try again later."))
        #expect(told(.quotaInsufficient(.kobis, needed: 31, left: 10)).hasSuffix("Shorten the range or try again tomorrow."))
        #expect(told(.missingAPIKey(.kakao)).hasSuffix("Set KAKAO_REST_API_KEY in the server's environment to your key."))
        let opening = try #require(KSTDate(year: 2023, month: 7, day: 26))
        let early = BoxOfficeError.invalidRange(
            .endsBeforeOpening(movieCode: "20218541", title: "밀수", lastDay: opening.adding(days: -25), opening: opening))
        #expect(told(early).hasSuffix("Give a to on or after 2023-07-26, or leave it out."))
        #expect(ErrorText.message(for: early).hasSuffix("Give a --to on or after 2023-07-26, or leave it out."))
        // No tool searches images: the shell's hint is all there is.
        #expect(!told(.notFound(.poster(movieCode: "1", title: "밀수"))).contains("Try"))
        let range = RangeFailure(failures: [("2023-08-01", BoxOfficeError.timedOut(.kobis, seconds: 1))], total: 2)
        #expect(
            ErrorText.message(for: range, caller: .tool(trend)).contains("Try again later")
                && !told(.timedOut(.kobis, seconds: 1)).contains("timeout"))
    }
}
