import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `report` and `trend` run as a cron job would, against a loopback server answering from our fixtures.
@Suite(.serialized)
struct ReportEndToEndTests {
    static let report = ["report", "--date", "20230818"]

    @Test(arguments: ["text", "markdown", "html", "json"])
    func theReportInEveryFormat(_ format: String) async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.report + ["--format", format])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        BinaryRunner.expectNoKey(run)
        switch format {
        case "text":
            #expect(run.stdout.hasPrefix("Box office report, 2023-08-18 (Fri)\n"))
            #expect(run.stdout.contains("█▇▄█▄▅▅") && run.stdout.contains("Milestone: 밀수 passed 4,000,000"))
            #expect(!run.stdout.contains("\u{1B}"), "no colour when not a terminal")
        case "markdown":
            #expect(run.stdout.hasPrefix("### Box office report") && run.stdout.contains("| ---: |"))
        case "html":
            #expect(run.stdout.hasPrefix("<!DOCTYPE html>") && run.stdout.contains("Content-Security-Policy"))
            #expect(!run.stdout.contains("<script") && run.stdout.components(separatedBy: "<svg").count == 11)
        default:
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(object["kind"] as? String == "report" && object["date"] as? String == "2023-08-18")
            for key in ["days", "movies", "newEntries", "reentries", "milestones", "climber", "faller", "sameWeekdayLastWeek"] {
                #expect(object[key] != nil, "lacks \(key)")
            }
            let movie = try #require((object["movies"] as? [[String: Any]])?.first)
            for key in [
                "rank", "rankChange", "previousRank", "isNew", "code", "title", "daysSinceOpening", "audience", "audienceTotal",
                "salesShare", "screens", "trend", "posterURL",
            ] {
                #expect(movie[key] != nil, "movies[0] lacks \(key)")
            }
            #expect((movie["trend"] as? [Any])?.count == 7)
            let day = try #require(movie["dayOfRun"] as? Int)
            #expect(day == (movie["daysSinceOpening"] as? Int).map { $0 + 1 }, "the text's Day is dayOfRun")
            #expect(try await BinaryRunner(kobisURL: server.baseURL).run(Self.report + ["--format", "text"]).stdout.contains(" \(day) "))
        }
    }

    @Test func aReplaySetWithoutTheWeekEarlierReportsWithoutTheComparison() async throws {
        let run = try await BinaryRunner(keys: false).run(["report", "--date", "20230817", "--days", "6", "--format", "json", "--replay", "Fixtures"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["sameWeekdayLastWeek"] is NSNull, "no recording of 2023-08-10")
        let missingDay = try await BinaryRunner(keys: false).run(["report", "--date", "20230817", "--days", "8", "--replay", "Fixtures"])
        #expect(missingDay.status == 78 && missingDay.stdout.isEmpty, "a day of the trend is still needed")
    }

    @Test func aCronRunCostsOneCallOnceTheEarlierDaysAreCached() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        #expect(try await state.run(Self.report).status == 0)
        #expect(server.requestCount == 8, "seven days and a week earlier")
        #expect(try await state.run(Self.report).status == 0)
        #expect(server.requestCount == 8, "settled days come from the cache")
    }

    @Test func outputGoesToARegularFileAtomicallyAndNeverToAFIFO() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let target = state.home.appendingPathComponent("report.html")
        let run = try await state.run(Self.report + ["--format", "html", "--output", target.path])
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let dash = try await state.run(Self.report + ["--format", "html", "--output", "-"])
        #expect(dash.status == 0 && dash.stdout.hasPrefix("<!DOCTYPE html>"), "- is stdout")
        #expect(!FileManager.default.fileExists(atPath: BinaryRunner.repositoryRoot.appendingPathComponent("-").path), "no file named -")
        let fifo = state.home.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        BinaryRunner.expectFailure(try await state.run(Self.report + ["--output", fifo]), status: 73, mentioning: ["not a regular file"])
        BinaryRunner.expectFailure(try await state.run(Self.report + ["--embed-posters"]), status: 64, mentioning: ["--format html"])
        BinaryRunner.expectFailure(
            try await state.run(Self.report + ["--format", "csv"]), status: 64, mentioning: ["text, markdown, html, email, slack, discord, json"])
    }

    @Test func postersComeFromKakaoAndEmbedIntoTheHTML() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: png) }
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let kobis = try LoopbackServer(handler: StubResponse.recorded)
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL, kakaoURL: server.baseURL)
        let json = try await state.run(Self.report + ["--posters", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(images.baseURL + "/"), "posterURL from Kakao")
        let html = try await state.run(Self.report + ["--embed-posters", "--format", "html"])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("src=\"data:image/png;base64,"))
    }

    @Test func trendIsAMoviesRunADayARow() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let arguments = ["trend", "20226411", "--from", "20230811", "--to", "20230818"]
        let json = try await state.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["code"] as? String == "20226411" && object["title"] as? String == "콘크리트 유토피아")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 8 && days.first?["date"] as? String == "2023-08-11" && days.first?["rank"] as? Int == 1)
        let csv = try await state.run(arguments + ["--format", "csv"])
        #expect(csv.stdout.split(separator: "\n").count == 1 + 8)
        let lines = try await state.run(arguments + ["--format", "jsonl"]).stdout.split(separator: "\n")
        let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.count == 8 && records.allSatisfy { $0["code"] as? String == "20226411" && $0["date"] is String })
        let outside = try await state.run(["trend", "20232193", "--from", "20230811", "--to", "20230818", "--format", "json"])
        let oppenheimer = try #require(
            (try JSONSerialization.jsonObject(with: Data(outside.stdout.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        #expect(oppenheimer.first?["rank"] is NSNull, "outside the top 10 before it opened")
        let replayed = try await BinaryRunner(keys: false).run(arguments + ["--replay", "Fixtures"])
        #expect(replayed.status == 0 && replayed.stdout.contains("In the top 10 on 8 of 8 days."), "\(replayed.stderr)")
    }

    @Test func aTrendEndingBeforeTheOpeningIsAUsageErrorAndAsksForNoChart() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        for range in [["--to", "20230701"], ["--from", "20230601", "--to", "20230725"]] {
            let run = try await state.run(["trend", "20218541"] + range)
            BinaryRunner.expectFailure(run, status: 64, mentioning: ["before 밀수 (20218541) opened on 2023-07-26", "--to on or after 2023-07-26"])
        }
        #expect(server.requests.allSatisfy { $0.path == "/movie/searchMovieInfo.json" }, "\(server.requests.map(\.path))")
        let fromOnly = try await state.run(["trend", "20218541", "--from", "20230811", "--format", "json", "--replay", "Fixtures"])
        #expect(fromOnly.status != 64, "a year from --from is no usage error: \(fromOnly.stderr)")
    }
}
