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

    /// The usage errors off the main path, each whole in Korean: no English sentence, no English
    /// reason inside a Korean one, and the values shown where a Korean reader types them.
    @Test func usageErrorsOffTheMainPathSpeakKorean() async throws {
        let state = BinaryRunner(keys: false)
        let replay = ["--replay", "Fixtures"]
        let cases: [(arguments: [String], stdin: String?, expected: String)] = [
            (["daily", "--date", "20230818", "--region", "서울퉁"] + replay, nil, "알 수 없는 지역입니다: '서울퉁'."),
            (["daily", "--date", "20230818", "--fields", "rnk"] + replay, nil, "daily에는 'rnk' 항목이 없습니다. 혹시 'rank'인가요?"),
            (["daily", "--date", "20230818", "--nation", "한극"] + replay, nil, "'--nation'에 쓸 수 없는 값입니다: '한극'."),
            (
                ["report", "--format", "email", "--mail-to", "bad", "--mail-from", "a@example.com"] + replay, nil,
                "메일 주소 하나가 아닙니다: --mail-to \"bad\"."
            ),
            (["help", "daily", "foo"], nil, "'daily'에는 하위 명령어가 없어 'foo' 도움말이 없습니다."),
            (["movie", ""], nil, "영화 코드가 비어 있습니다. `boxoffice search <title>`로 찾을 수 있습니다."),
            (["config", "set", "kobis"], "ab cd", "키에 공백이나 제어 문자가 있습니다."),
            (["config", "set", "kobis"], "", "키를 표준 입력으로 주세요. 예: printf %s \"$KEY\" | boxoffice config set kobis"),
        ]
        for (arguments, stdin, expected) in cases {
            let run = try await state.run(arguments, stdin: stdin, extraEnvironment: Self.korean)
            #expect(run.status == 64 && run.stdout.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
            // Nothing English but the values and names a person types.
            for english in ["Unknown", "is not", "Use ", "has no", "empty", "contains", "Give", "for example"] {
                #expect(!run.stderr.contains(english), "\(arguments): '\(english)' in \(run.stderr)")
            }
        }
        let environmentKey = try await state.run(
            ["daily", "--date", "20230818"], extraEnvironment: Self.korean.merging(["KOBIS_API_KEY": "ab cd"]) { $1 })
        #expect(environmentKey.stderr.contains("KOBIS_API_KEY에 공백이나 제어 문자가 있습니다."), "\(environmentKey.stderr)")
    }

    /// `config show` and `config get`: heading, columns, sources and "not set", in Korean.
    @Test func theConfigSpeaksKorean() async throws {
        let state = BinaryRunner(keys: false)
        let show = try await state.run(["config", "show"], extraEnvironment: Self.korean)
        #expect(Self.lines(show).first?.hasPrefix("설정 파일: ") == true, "\(show.stdout)")
        #expect(Self.lines(show).dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) == ["서비스", "키", "출처"], "\(show.stdout)")
        #expect(show.stdout.contains("설정되지 않음") && !show.stdout.contains("not set"), "\(show.stdout)")
        let stored = try await state.run(["config", "set", "kobis"], stdin: "0123456789abcdef0123456789abcdef", extraEnvironment: Self.korean)
        #expect(stored.status == 0, "\(stored.stderr)")
        let odd = try await state.run(["config", "set", "kakao"], stdin: "short-key", extraEnvironment: Self.korean)
        #expect(odd.stderr.contains("경고: 카카오 키는 16진수 32자인데"), "\(odd.stderr)")
        let get = try await state.run(["config", "get", "kobis"], extraEnvironment: Self.korean)
        #expect(get.stdout.contains("설정 파일("), "\(get.stdout)")
    }
}
