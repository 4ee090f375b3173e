import Foundation
import Testing

/// The real binary against a real HTTP server on 127.0.0.1, serving our fixtures.
@Suite(.serialized)
struct DailyAndMovieEndToEndTests {
    static let fixtures = BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures")

    /// Serves `Fixtures/<name>` for the path the request names, KOBIS-style.
    static func fixtureServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            let file: String
            switch request.path {
            case "/rest/boxoffice/searchDailyBoxOfficeList.json": file = "kobis/daily-\(request.query["targetDt"] ?? "").json"
            case "/rest/boxoffice/searchWeeklyBoxOfficeList.json":
                file = "kobis/weekly-\(request.query["targetDt"] ?? "")-weekGb=\(request.query["weekGb"] ?? "").json"
            case "/rest/movie/searchMovieInfo.json": file = "kobis/movie-\(request.query["movieCd"] ?? "").json"
            default: return StubResponse(status: 404)
            }
            return (try? StubResponse.file(fixtures.appendingPathComponent(file)))
                ?? .json(#"{"boxOfficeResult":{"showRange":"20000101~20000101","dailyBoxOfficeList":[]}}"#)
        }
    }

    @Test func dailyTableAgainstTheServer() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL + "/rest")
        let run = try await state.run(["daily", "--date", "20230818"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Daily box office, 2023-08-18")
        #expect(lines.count == 12)
        #expect(run.stdout.contains("콘크리트 유토피아"))
        #expect(run.stdout.contains("▲1"))
        #expect(run.stdout.contains("2,218,295"))
        // The title column starts at the same display column on every row.
        BinaryRunner.expectNoKey(run)
        let request = try #require(server.requests.first)
        #expect(request.query["key"] == BinaryRunner.kobisKey)
        #expect(request.query["targetDt"] == "20230818")
        #expect(request.headers["user-agent"]?.hasPrefix("boxoffice/") == true)
    }

    @Test func dailyJSONIsTheDocumentedContract() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL + "/rest").run(["daily", "--date", "2023-08-18", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "daily")
        #expect(object["startDate"] as? String == "2023-08-18")
        #expect(object["endDate"] as? String == "2023-08-18")
        let movies = try #require(object["movies"] as? [[String: Any]])
        #expect(movies.count == 10)
        let first = movies[0]
        #expect(first["rank"] as? Int == 1)
        #expect(first["rankChange"] as? Int == 0)
        #expect(first["isNew"] as? Bool == false)
        #expect(first["title"] as? String == "콘크리트 유토피아")
        #expect(first["openDate"] as? String == "2023-08-09")
        #expect(first["audience"] as? Int == 112_934)
        #expect(first["audienceChange"] as? Int == -3_871)
        #expect(first["audienceChangeRate"] as? Double == -3.3)
        #expect(first["salesShare"] as? Double == 36.9)
        #expect(first["salesTotal"] as? Int == 21_739_291_000)
        #expect(first["screens"] as? Int == 1_611)
        #expect(first["shows"] as? Int == 6_580)
        #expect(movies[9]["openDate"] is NSNull)
        #expect(movies[8]["rankChange"] as? Int == 1)
    }

    @Test func movieCardAndJSON() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL + "/rest")
        let card = try await state.run(["movie", "20218541"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(card.stdout.contains("밀수"))
        #expect(card.stdout.contains("Smugglers"))
        #expect(card.stdout.contains("129 min"))
        #expect(card.stdout.contains("김혜수 (KIM Hye-soo) as 조춘자"))
        #expect(card.stdout.contains("(주)넥스트엔터테인먼트월드(NEW)"))
        let json = try await state.run(["movie", "20218541", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["runtimeMinutes"] as? Int == 129)
        #expect(object["productionYear"] as? Int == 2023)
        #expect(object["openDate"] as? String == "2023-07-26")
        #expect(object["titleOriginal"] is NSNull)
        #expect((object["ratings"] as? [[String: Any]])?.first?["number"] as? String == "2023-MF01234")
        #expect((object["staff"] as? [Any])?.isEmpty == true)
    }

    @Test func unknownMovieExitsOne() async throws {
        let server = try LoopbackServer { _ in StubResponse.fixture("errors/movie-unknown-code.json") }
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["movie", "99999999"])
        BinaryRunner.expectFailure(run, status: 1, mentioning: ["No movie has the code 99999999", "boxoffice search"])
    }

    @Test func rejectedKeyExits77WithoutRetrying() async throws {
        let server = try LoopbackServer { _ in StubResponse.fixture("errors/kobis-fault-320010.json") }
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 77, mentioning: ["320010", "KOBIS_API_KEY"])
        #expect(server.requestCount == 1)
    }

    @Test func missingKeyExits78BeforeAnyRequest() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL + "/rest", keys: false).run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["KOBIS_API_KEY"])
        #expect(server.requestCount == 0)
    }

    @Test(arguments: ["errors/daily-empty-list.json", "errors/daily-missing-list.json"])
    func emptyChartExits75(_ fixture: String) async throws {
        let server = try LoopbackServer { StubResponse.relabelled(fixture, for: $0) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["daily", "--date", "today"])
        BinaryRunner.expectFailure(run, status: 75, mentioning: ["No box-office data"])
        // An empty chart is never cached: the second run asks again.
        _ = try await state.run(["daily", "--date", "today"])
        #expect(server.requestCount == 2)
    }

    @Test func connectionRefusedExits69() async throws {
        let closed = try ClosedPort()
        let url = closed.baseURL
        let run = try await BinaryRunner(kobisURL: url).run(["daily", "--date", "20230818", "--retries", "0"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["127.0.0.1", "refused"])
    }

    @Test func futureDateIsAUsageErrorAndNothingIsRequested() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["daily", "--date", "29991231"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("in the future"))
        #expect(run.stderr.contains("Usage: boxoffice daily"))
        #expect(server.requestCount == 0)
    }

    @Test func readmeMainCommandNeedsNoKeyAndNoNetwork() async throws {
        let run = try await BinaryRunner(kobisURL: "http://127.0.0.1:9", keys: false).run(["daily", "--date", "20230818", "--replay", "Fixtures"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
    }
}
