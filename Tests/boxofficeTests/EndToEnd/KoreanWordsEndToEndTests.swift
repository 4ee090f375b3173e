import Foundation
import Testing

/// The words a Korean reader meets off the main path, in KOFIC's terms: one label one figure
/// (매출액 점유율 in the charts, 관객 점유율 in share), 다양성영화, 대표국적, 영화 코드, 제작국가, 분야,
/// 사용률, 카카오; headings that lead with the day; particles that follow the value before them.
struct KoreanWordsEndToEndTests {
    static let korean = ["LANG": "ko_KR.UTF-8"]

    static func lines(_ run: BinaryRun) -> [String] {
        run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theArchivesQuestionsSpeakKoreanWithOneLabelAFigure() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync", "--from", "2023-08-11", "--to", "2023-08-20", "--replay", "Fixtures", "-q"])
        let top = try await state.run(["top", "--month", "2023-08", "--limit", "3"], extraEnvironment: Self.korean)
        #expect(Self.lines(top).first == "2023년 8월 흥행 순위", "\(top.stdout)")
        let share = try await state.run(["share", "--month", "2023-08", "--by", "nation"], extraEnvironment: Self.korean)
        #expect(Self.lines(share).first == "2023년 8월 대표국적별 점유율", "\(share.stdout)")
        let header = Self.lines(share).dropFirst().first ?? ""
        #expect(header.hasPrefix("대표국적") && header.contains("관객 점유율") && header.contains("매출액 점유율"), "\(header)")
        let days = try await state.run(["top", "--from", "2023-08-11", "--to", "2023-08-13"], extraEnvironment: Self.korean)
        #expect(Self.lines(days).first == "2023년 8월 11일(금)~13일(일) 흥행 순위", "\(days.stdout)")
        let reversed = try await state.run(["top", "--from", "2023-08-20", "--to", "2023-08-18"], extraEnvironment: Self.korean)
        #expect(reversed.stderr.contains("--to 2023-08-18이 --from 2023-08-20보다 앞입니다"), "\(reversed.stderr)")
    }

    @Test func chartsCardsTrendsAndTheQuotaSpeakKorean() async throws {
        let state = BinaryRunner(keys: false)
        let replay = ["--replay", "Fixtures"]
        let daily = try await state.run(["daily", "--date", "20230818"] + replay, extraEnvironment: Self.korean)
        #expect(Self.lines(daily).first == "2023년 8월 18일(금) 일별 박스오피스", "\(daily.stdout)")
        #expect(Self.lines(daily).dropFirst().first?.contains("매출액 점유율") == true && !daily.stdout.contains("  점유율"), "\(daily.stdout)")
        let trend = try await state.run(["trend", "20218541", "--from", "20230815", "--to", "20230818"] + replay, extraEnvironment: Self.korean)
        #expect(Self.lines(trend).first == "밀수(영화 코드 20218541) 2023년 8월 15일(화)~18일(금) 추이", "\(trend.stdout)")
        #expect(Self.lines(trend).last == "4일 가운데 4일 10위 안에 들었습니다.", "\(trend.stdout)")
        let movie = try await state.run(["movie", "20218541"] + replay, extraEnvironment: Self.korean)
        for label in ["영화 코드", "제작국가", "영화유형"] { #expect(movie.stdout.contains(label), "\(label): \(movie.stdout)") }
        let person = try await state.run(["person", "20164001"] + replay, extraEnvironment: Self.korean)
        #expect(person.stdout.contains("분야") && !person.stdout.contains("업종"), "\(person.stdout)")
        let quota = try await state.run(["quota"], extraEnvironment: Self.korean)
        #expect(Self.lines(quota).first?.hasSuffix("API 호출(서울 날짜 기준)") == true, "\(quota.stdout)")
        #expect(quota.stdout.contains("사용률") && quota.stdout.contains("카카오") && !quota.stdout.contains("Kakao"), "\(quota.stdout)")
    }

    @Test func theDiversityFilterIsNamedAsKOBISNamesIt() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["daily", "--date", "20230818", "--type", "independent"], extraEnvironment: Self.korean)
        #expect(Self.lines(run).first == "2023년 8월 18일(금) 일별 박스오피스 (다양성영화)", "\(run.stdout) \(run.stderr)")
        #expect(server.requests.first?.query["multiMovieYn"] == "Y")
    }
}
