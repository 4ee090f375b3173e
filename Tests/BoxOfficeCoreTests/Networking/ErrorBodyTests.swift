@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// KOBIS errors arrive as HTTP 200 bodies and Kakao's as 4xx; each becomes the error a person can act on.
struct ErrorBodyTests {
    let day = KSTDate(year: 2023, month: 8, day: 18)!

    func dailyError(_ fixture: String, status: Int = 200) async throws -> BoxOfficeError? {
        // The empty-chart fixtures are labelled with the day they were written for; ask about that day's chart.
        let body = String(decoding: try TestFiles.fixture(fixture), as: UTF8.self)
            .replacingOccurrences(of: "20261122~20261122", with: "\(day.compact)~\(day.compact)")
        let client = BoxOfficeClient.testing(StubLoader(body: Data(body.utf8), status: status))
        do {
            _ = try await client.dailyChart(on: day)
            return nil
        } catch let error as BoxOfficeError {
            return error
        }
    }

    func imageError(_ fixture: String, status: Int) async throws -> BoxOfficeError? {
        // The empty-chart fixtures are labelled with the day they were written for; ask about that day's chart.
        let body = String(decoding: try TestFiles.fixture(fixture), as: UTF8.self)
            .replacingOccurrences(of: "20261122~20261122", with: "\(day.compact)~\(day.compact)")
        let client = BoxOfficeClient.testing(StubLoader(body: Data(body.utf8), status: status))
        do {
            _ = try await client.searchImages(ImageSearchQuery(text: "x"))
            return nil
        } catch let error as BoxOfficeError {
            return error
        }
    }

    @Test func invalidKeyFault() async throws {
        let error = try await dailyError("errors/kobis-fault-320010.json")
        guard case .keyRejected(.kobis, "320010", _) = error else { Issue.record("got \(String(describing: error))"); return }
        let text = try #require(error?.description)
        #expect(text.hasPrefix("KOBIS rejected the API key (error 320010)"), "\(text)")
        #expect(!text.contains("KOBIS_API_KEY") && !text.contains("boxoffice config"), "an app's user has no such variable: \(text)")
    }

    @Test func otherFaultsKeepTheirCode() async throws {
        let error = try await dailyError("errors/kobis-fault-320102.json")
        guard case .serviceFault(.kobis, "320102", let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.contains("날짜"))
    }

    @Test func dailyLimitFault() async throws {
        guard case .quotaExceeded(.kobis, _) = try await dailyError("errors/kobis-fault-limit.json") else { Issue.record("not quota"); return }
    }

    @Test(arguments: ["errors/daily-empty-list.json", "errors/daily-missing-list.json"])
    func aSettledDayWithoutMoviesIsAnEmptyChart(_ fixture: String) async throws {
        let body = String(decoding: try TestFiles.fixture(fixture), as: UTF8.self)
            .replacingOccurrences(of: "20261122~20261122", with: "\(day.compact)~\(day.compact)")
        let chart = try await BoxOfficeClient.testing(StubLoader(body: Data(body.utf8))).dailyChart(on: day)
        #expect(chart.entries.isEmpty)
    }

    @Test(arguments: ["errors/daily-empty-list.json", "errors/daily-missing-list.json"])
    func aRecentDayWithoutMoviesIsNotPublishedYet(_ fixture: String) async throws {
        // The testing clock reads 2023-11-15 in Seoul: the day before may still be unpublished.
        let yesterday = KSTDate.today(at: Date(timeIntervalSince1970: 1_700_000_000)).adding(days: -1)
        let body = String(decoding: try TestFiles.fixture(fixture), as: UTF8.self)
            .replacingOccurrences(of: "20261122~20261122", with: "\(yesterday.compact)~\(yesterday.compact)")
        await #expect(throws: BoxOfficeError.noChartData(yesterday.iso)) {
            try await BoxOfficeClient.testing(StubLoader(body: Data(body.utf8))).dailyChart(on: yesterday)
        }
    }

    @Test func htmlIsMalformed() async throws {
        let error = try await dailyError("errors/html-error-page.html")
        guard case .malformedResponse(.kobis, let expected, let detail) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(expected.english.contains("box-office"))
        #expect(detail == Words("it is HTML", "HTML입니다"))
        // The reason is said in the sentence's language, never English inside Korean.
        #expect(Language.$current.withValue(.ko) { error?.message } == "KOBIS의 응답이 box-office JSON 본문이 아닙니다: HTML입니다.")
    }

    @Test func wrongShapeNamesTheField() async throws {
        let body = Data(#"{"boxOfficeResult":{"showRange":"20230818~20230818","dailyBoxOfficeList":[{"rank":1,"movieCd":"1","movieNm":"x"}]}}"#.utf8)
        let client = BoxOfficeClient.testing(StubLoader(body: body))
        do {
            _ = try await client.dailyChart(on: day)
            Issue.record("decoded a number where a string belongs")
        } catch let error as BoxOfficeError {
            #expect(error.description.contains("boxOfficeResult.dailyBoxOfficeList[0].rank"))
        }
    }

    @Test func unknownMovieIsNotFound() async throws {
        let client = BoxOfficeClient.testing(StubLoader(body: try TestFiles.fixture("errors/movie-unknown-code.json")))
        await #expect(throws: BoxOfficeError.notFound(.movie(code: "99999999"))) { try await client.movie(code: "99999999") }
    }

    @Test func kakaoErrors() async throws {
        guard case .keyRejected(.kakao, "AccessDeniedError", _) = try await imageError("errors/kakao-401-access-denied.json", status: 401) else {
            Issue.record("401"); return
        }
        guard case .rateLimited(.kakao, _) = try await imageError("errors/kakao-429-throttled.json", status: 429) else { Issue.record("429"); return }
        guard case .quotaExceeded(.kakao, _) = try await imageError("errors/kakao-code-minus-10.json", status: 400) else {
            Issue.record("-10"); return
        }
        guard case .httpStatus(.kakao, 400, let message) = try await imageError("errors/kakao-400-missing-parameter.json", status: 400) else {
            Issue.record("400"); return
        }
        #expect(message?.contains("MissingParameter") == true)
    }

    @Test func apiTextIsStrippedOfTerminalControls() {
        let error = BoxOfficeError.serviceFault(.kobis, code: "1", message: "bad\u{1B}[31m\u{202E}red")
        #expect(!error.description.contains("\u{1B}"))
        #expect(!error.description.contains("\u{202E}"))
    }
}
