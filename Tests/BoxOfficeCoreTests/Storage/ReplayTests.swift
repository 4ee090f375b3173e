@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

struct ReplayTests {
    func client(_ directory: URL) -> BoxOfficeClient {
        let configuration = ClientConfiguration(
            kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!, requiresKeys: false)
        return BoxOfficeClient(configuration: configuration, loader: StubLoader(body: Data()), middlewares: [Replayer(directory: directory)])
    }

    @Test func namesFollowTheSamplesLayout() throws {
        func name<Response>(_ endpoint: Endpoint<Response>) throws -> String? {
            endpoint.info.recordingName
        }
        let day = KSTDate(year: 2012, month: 1, day: 1)!
        #expect(try name(.dailyBoxOffice(on: day)) == "kobis/daily-20120101")
        #expect(
            try name(.dailyBoxOffice(on: day, filter: ChartFilter(nation: .foreign, region: Region.named("busan"))))
                == "kobis/daily-20120101-repNationCd=F-wideAreaCd=0105011")
        #expect(try name(.movieInfo(code: "20124079")) == "kobis/movie-20124079")
        #expect(try name(.movieList(MovieSearchQuery(title: "밀수"))) == "kobis/movielist-movieNm=밀수")
        #expect(try name(.imageSearch(ImageSearchQuery(text: "a/b c", size: 10))) == "kakao/image-search-query=a%2Fb%20c-size=10")
    }

    @Test func replaysOurFixtures() async throws {
        let chart = try await client(TestFiles.fixtures).dailyChart(on: KSTDate(year: 2023, month: 8, day: 18)!)
        #expect(chart.entries.first?.title == "콘크리트 유토피아")
    }

    @Test(.sharedSamples) func replaysTheSharedCaptures() async throws {
        let samples = TestFiles.samples
        guard FileManager.default.fileExists(atPath: samples.path) else {
            Issue.record("The shared captures are missing: expected \(samples.path).")
            return
        }
        let chart = try await client(samples).dailyChart(on: KSTDate(year: 2012, month: 1, day: 1)!)
        #expect(chart.entries.count == 10)
        let movie = try await client(samples).movie(code: "20124079")
        #expect(movie.title == "광해, 왕이 된 남자")
    }

    @Test func aMissingRecordingNamesTheFile() async throws {
        await #expect(throws: ReplayError.noRecording(.kobis, file: "kobis/daily-19990101.json")) {
            try await client(TestFiles.fixtures).dailyChart(on: KSTDate(year: 1999, month: 1, day: 1)!)
        }
    }

    @Test func recordingWritesWhatReplayReadsWithTheKeyNowhere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The answer echoes the key, as a service's error text may: the recording must not keep it.
        let body = try TestFiles.fixture("kobis/movie-20218541.json")
        let echoing = try #require(String(data: body, encoding: .utf8)).replacingOccurrences(of: "밀수", with: "밀수 SECRETKEY")
        let stub = StubLoader(body: Data(echoing.utf8))
        let configuration = ClientConfiguration(
            kobisKey: "SECRETKEY", kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!)
        let recorder = BoxOfficeClient(
            configuration: configuration, loader: stub,
            middlewares: [Recorder(directory: directory, redactor: SecretRedactor(secrets: ["SECRETKEY"]))])
        _ = try await recorder.movie(code: "20218541")
        #expect(stub.requests.first?.url.query?.contains("SECRETKEY") == true, "the key went with the request")
        let replayed = try await client(directory).movie(code: "20218541")
        #expect(replayed.title.hasPrefix("밀수 "), "\(replayed.title)")
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        #expect(names.contains("kobis/movie-20218541.json"), "\(names)")
        #expect(!names.contains { $0.contains("SECRETKEY") })
        for name in names where name.hasSuffix(".json") {
            #expect(!name.contains("SECRETKEY"))
            let contents = try Data(contentsOf: directory.appendingPathComponent(name))
            #expect(!String(decoding: contents, as: UTF8.self).contains("SECRETKEY"), "\(name) keeps the key")
        }
    }
}
