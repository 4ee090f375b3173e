import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Slow, failing and hostile servers: the binary must end in bounded time with the documented
/// exit code, one clear line on stderr, nothing on stdout, and never the key.
@Suite(.serialized)
struct AdversarialEndToEndTests {
    static let daily = ["daily", "--date", "20230818"]

    static func run(_ responses: [StubResponse], _ extra: [String] = [], kakao: Bool = false, arguments: [String] = daily)
        async throws -> (BinaryRun, LoopbackServer)
    {
        let server = try LoopbackServer(sequence: responses)
        defer { server.stop() }
        let state = kakao ? BinaryRunner(kakaoURL: server.baseURL) : BinaryRunner(kobisURL: server.baseURL)
        return (try await state.run(arguments + extra), server)
    }

    // MARK: Transient failures and retries

    @Test func serverErrorThenSuccessIsRetried() async throws {
        let (run, server) = try await Self.run([StubResponse(status: 500), .fixture("kobis/daily-20230818.json")], ["--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
        #expect(server.requestCount == 2)
        #expect(run.stderr.contains("HTTP 500"), "--verbose tells of the retry: \(run.stderr)")
        BinaryRunner.expectNoKey(run)
    }

    @Test func unavailableForeverGivesUpAfterTheRetries() async throws {
        let (run, server) = try await Self.run([StubResponse(status: 503)], ["--retries", "2"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["503"])
        #expect(server.requestCount == 3)
    }

    @Test func tooManyRequestsHonoursRetryAfter() async throws {
        var throttled = StubResponse.json(#"{"error":"slow down"}"#, status: 429)
        throttled.headers["Retry-After"] = "1"
        let (run, server) = try await Self.run([throttled, .fixture("kobis/daily-20230818.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requestCount == 2)
        // A lower bound, which no load can break: the second request came at least the second after the first.
        let arrivals = server.requests.map(\.arrival)
        if arrivals.count == 2 {
            #expect(arrivals[1] - arrivals[0] >= .seconds(1), "asked again after \(arrivals[1] - arrivals[0]), not the Retry-After second")
        }
    }

    @Test func aServerSlowerThanTheTimeoutEndsInBoundedTime() async throws {
        // The server never answers: only the 1 s timeout of each attempt can end the run (exit 75).
        var silent = StubResponse.fixture("kobis/daily-20230818.json")
        silent.delay = .infinity
        let (run, server) = try await Self.run([silent], ["--timeout", "1", "--retries", "1"])
        BinaryRunner.expectFailure(run, status: 75, mentioning: ["1 s"])
        #expect(server.requestCount == 2)
    }

    @Test func aServerDrippingBytesIsBoundedByTheTimeoutToo() async throws {
        var drip = StubResponse.fixture("kobis/daily-20230818.json")
        drip.chunkSize = 16
        drip.chunkDelay = 0.2
        // The whole body takes 46 s to drip; the 1 s timeout ends the run first (exit 75), or it succeeds.
        let (run, _) = try await Self.run([drip], ["--timeout", "1", "--retries", "0"])
        BinaryRunner.expectFailure(run, status: 75, mentioning: ["1 s"])
    }

    @Test func aBodyCutShortIsRetriedThenReported() async throws {
        var short = StubResponse.fixture("kobis/daily-20230818.json")
        short.declaredLength = short.body.count + 5_000
        let (run, server) = try await Self.run([short], ["--retries", "1"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["broke off"])
        #expect(server.requestCount == 2)
    }

    @Test func aConnectionClosedWithoutAnswerIsUnavailable() async throws {
        var dropped = StubResponse()
        dropped.closesWithoutResponse = true
        let (run, _) = try await Self.run([dropped], ["--retries", "0"])
        BinaryRunner.expectFailure(run, status: 69)
    }

    @Test func anUnknownHostIsUnavailable() async throws {
        // https: a plain-http root off this machine would add a warning before the error.
        let run = try await BinaryRunner(kobisURL: "https://no-such-host.invalid").run(Self.daily + ["--retries", "0"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["no-such-host.invalid"])
    }

    // MARK: Bodies that are not what the documentation describes

    @Test func htmlInsteadOfJSONIsMalformed() async throws {
        let (run, server) = try await Self.run([.fixture("errors/html-error-page.html")])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["HTML"])
        #expect(server.requestCount == 1, "a malformed body is never retried")
    }

    @Test func invalidUTF8IsMalformed() async throws {
        var body = Data(#"{"boxOfficeResult":{"showRange":"20230818~20230818","dailyBoxOfficeList":[{"rank":"1","movieNm":""#.utf8)
        body.append(contentsOf: [0xFF, 0xFE, 0xC3])
        body.append(contentsOf: Data(#""}]}}"#.utf8))
        let (run, _) = try await Self.run([StubResponse(status: 200, body: body)])
        BinaryRunner.expectFailure(run, status: 65)
    }

    @Test func aTwentyMegabyteBodyIsRefusedCleanly() async throws {
        let junk = Data(repeating: UInt8(ascii: "x"), count: 20 * 1024 * 1024)
        let (run, _) = try await Self.run([StubResponse(status: 200, body: junk)], ["--timeout", "30"])
        BinaryRunner.expectFailure(run, status: 65)
    }

    // MARK: Errors the APIs answer with

    @Test func aKeyFaultIsNeverRetried() async throws {
        let (run, server) = try await Self.run([.fixture("errors/kobis-fault-320010.json")])
        BinaryRunner.expectFailure(run, status: 77, mentioning: ["320010"])
        #expect(server.requestCount == 1)
    }

    @Test func theDailyLimitFaultIsTryLater() async throws {
        let (run, server) = try await Self.run([.fixture("errors/kobis-fault-limit.json")])
        BinaryRunner.expectFailure(run, status: 75)
        #expect(server.requestCount == 1)
    }

    @Test func anotherFaultIsUnavailableWithItsCode() async throws {
        let (run, _) = try await Self.run([.fixture("errors/kobis-fault-320102.json")])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["320102"])
    }

    @Test(arguments: ["errors/daily-empty-list.json", "errors/daily-missing-list.json"])
    func aChartWithoutDataForYesterdayIsTryLater(_ fixture: String) async throws {
        let server = try LoopbackServer { StubResponse.relabelled(fixture, for: $0) }
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["daily", "--date", "yesterday"])
        BinaryRunner.expectFailure(run, status: 75)
    }

    @Test(arguments: ["errors/daily-empty-list.json", "errors/daily-missing-list.json"])
    func aSettledDayWithoutMoviesIsAnEmptyChartInEveryFormat(_ fixture: String) async throws {
        let server = try LoopbackServer { StubResponse.relabelled(fixture, for: $0) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let table = try await state.run(Self.daily + ["--region", "세종", "--type", "independent"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout == "Daily box office, 2023-08-18 (independent, 세종)\nNo movies in this chart.\n", "\(table.stdout)")
        let json = try await state.run(Self.daily + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["movies"] as? [Any])?.isEmpty == true)
        let csv = try await state.run(Self.daily + ["--format", "csv"])
        #expect(csv.stdout.split(separator: "\n").count == 1, "the header alone: \(csv.stdout)")
        let range = try await state.run(["daily", "--from", "20230817", "--to", "20230818", "--format", "jsonl"])
        #expect(range.status == 0 && range.stdout.isEmpty, "\(range.stderr)")
    }

    @Test func filtersShowInTheHeadingAndTheJSON() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let table = try await state.run(Self.daily + ["--nation", "korean", "--region", "부산"])
        #expect(table.stdout.hasPrefix("Daily box office, 2023-08-18 (Korean films, 부산)\n"), "\(table.stdout)")
        let json = try await state.run(Self.daily + ["--nation", "korean", "--region", "부산", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let filter = try #require(object["filter"] as? [String: Any])
        #expect(filter["nation"] as? String == "korean")
        #expect(filter["type"] is NSNull)
        #expect((filter["region"] as? [String: Any])?["code"] as? String == "0105011")
    }

    @Test func kakaoRejectingTheKeyExits77() async throws {
        let (run, server) = try await Self.run(
            [.fixture("errors/kakao-401-access-denied.json", status: 401)], kakao: true, arguments: ["images", "밀수"])
        BinaryRunner.expectFailure(run, status: 77, mentioning: ["KAKAO_REST_API_KEY"])
        #expect(server.requestCount == 1)
    }

    @Test func kakaoThrottlingExits75() async throws {
        let (run, server) = try await Self.run(
            [.fixture("errors/kakao-429-throttled.json", status: 429)], ["--retries", "1"],
            kakao: true, arguments: ["images", "밀수"])
        BinaryRunner.expectFailure(run, status: 75)
        #expect(server.requestCount == 2)
    }

    // MARK: Hostile text

    @Test func controlSequencesNeverReachTheTerminal() async throws {
        for format in ["table", "tsv", "markdown", "csv"] {
            let (run, _) = try await Self.run([.fixture("errors/daily-hostile-titles.json")], ["--format", format, "--color", "never"])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            for forbidden: Unicode.Scalar in ["\u{1B}", "\u{9B}", "\u{202E}", "\u{07}"] {
                #expect(!run.stdout.unicodeScalars.contains(forbidden), "\(format) lets U+\(String(forbidden.value, radix: 16)) through")
            }
            #expect(run.stdout.contains("Red Alert"), "\(format) keeps the readable text")
        }
    }

    @Test func jsonEscapesControlCharacters() async throws {
        let (run, _) = try await Self.run([.fixture("errors/daily-hostile-titles.json")], ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains("\u{1B}"))
        #expect(!run.stdout.unicodeScalars.contains("\u{9B}"))
        let escaped = run.stdout.lowercased()
        #expect(escaped.contains(#"\u001b[31mred alert"#))
        #expect(escaped.contains(#"\u009b2jclear"#))
        #expect(escaped.contains(#"\u202eevil"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let titles = (object["movies"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
        #expect(titles.first == "\u{1B}[31mRed Alert\u{1B}[0m", "JSON keeps the data exact, escaped")
    }

    @Test func csvGuardsFormulasButNotNumbers() async throws {
        // CSV keeps data exact but for controls, tabs and line breaks, which no title legitimately holds.
        let (run, _) = try await Self.run([.fixture("errors/daily-hostile-titles.json")], ["--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""'=HYPERLINK(""https://evil.invalid"",""click"")""#) }, "\(run.stdout)")
        #expect(lines.contains { $0.contains(",'+1 Formula,") })
        #expect(lines.contains { $0.contains(",'@Mention Tab,") }, "the tab became a space after the guard saw it")
        // The negative numbers in numeric columns stay numbers.
        #expect(lines.contains { $0.contains(",-1,") })
        #expect(!run.stdout.contains("'-"))
        #expect(!run.stdout.unicodeScalars.contains("\u{1B}"))
    }

    // MARK: Cache and concurrency

    @Test func aCorruptCacheEntryIsIgnoredAndRefetched() async throws {
        let server = try LoopbackServer { _ in .fixture("kobis/daily-20230818.json") }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let first = try await state.run(Self.daily)
        #expect(first.status == 0, "\(first.stderr)")
        let responses = state.home.appendingPathComponent("cache/responses")
        let entries = try FileManager.default.subpathsOfDirectory(atPath: responses.path).filter { $0.hasSuffix(".json") }
        let entry = try #require(entries.first)
        try Data("boxoffice-cache 1 expires=never\n{\"boxOfficeResult\":{\"showRa".utf8).write(to: responses.appendingPathComponent(entry))
        let second = try await state.run(Self.daily + ["--verbose"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("ignoring cache entry"), "\(second.stderr)")
        #expect(server.requestCount == 2)
        let third = try await state.run(Self.daily)
        #expect(third.stdout == first.stdout)
        #expect(server.requestCount == 2, "the refetched answer was cached again")
    }

    @Test func concurrentRunsShareACacheSafely() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.fixture("kobis/daily-\(request.query["targetDt"] ?? "").json")
            response.delay = 0.2
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let arguments = ["daily", "--from", "20230817", "--to", "20230818", "--format", "csv"]
        let runs = await (try (0..<4).map { _ in try state.start(arguments) }).wait()
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == runs[0].stdout)
        }
        let again = try await state.run(arguments)
        #expect(again.stdout == runs[0].stdout)
        let requestsBefore = server.requestCount
        _ = try await state.run(arguments)
        #expect(server.requestCount == requestsBefore, "the cache entries are whole and served")
        #expect(!state.filesContainKey(below: state.home.appendingPathComponent("cache")))
    }

    @Test func killedRangeRunLeavesACacheTheRerunCompletes() async throws {
        // The first request for the 5th stalls, so the kill lands with some days fetched and some not.
        let fifth = Counter()
        let server = try LoopbackServer { request in
            var response = StubResponse.syntheticDay(request)
            let stalls = request.query["targetDt"] == "20230805" && fifth.next() == 0
            response.delay = stalls ? .infinity : 0.05
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // The timeout is ten minutes, so the stalled day is never retried (and answered) before the kill.
        let arguments = ["daily", "--from", "20230801", "--to", "20230810", "--format", "jsonl", "--jobs", "2", "--timeout", "600"]
        let running = try state.start(arguments)
        // The sixth request comes once four days are answered and cached (two at a time, the 5th stalled).
        try await server.waitForRequests(6, from: running)
        kill(running.processIdentifier, SIGKILL)
        let killed = await running.wait()
        #expect(killed.stdout.isEmpty, "nothing partial on stdout")
        let firstCount = server.requestCount
        let rerun = try await state.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let lines = rerun.stdout.split(separator: "\n")
        #expect(lines.count == 10 * 10, "ten days of ten movies, a movie a line")
        for (index, line) in lines.enumerated() {
            #expect(line.contains(#""startDate":"2023-08-\#(String(format: "%02d", index / 10 + 1))""#))
        }
        #expect(server.requestCount - firstCount < 10, "days fetched before the kill came from the cache")
    }

    // MARK: Signals and pipes

    @Test func interruptEndsPromptlyWith130() async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let running = try BinaryRunner(kobisURL: server.baseURL).start(Self.daily + ["--timeout", "600"])
        try await server.waitForRequests(1, from: running)
        kill(running.processIdentifier, SIGINT)
        // The server never answers and the timeout is ten minutes: only the signal can end the
        // run; 130 is the signal's own code.
        let run = await running.wait()
        #expect(run.status == 130)
        #expect(run.stdout.isEmpty)
    }

    @Test func aFullDiskIsAnErrorNotASilentSuccess() async throws {
        let state = BinaryRunner(keys: false)
        let command = #"exec "$0" daily --date 20230818 --replay Fixtures > /dev/full"#
        let run = await (try state.start(["-c", command, BinaryRunner.binary.path], executable: "/bin/sh")).wait()
        #expect(run.status == 70)
        #expect(run.stderr.hasPrefix("Error: Cannot write the output"), "\(run.stderr)")
    }

    @Test func aClosedPipeEndsQuietly() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // A month of JSON is far more than a pipe holds, so the write really meets the closed pipe.
        let command =
            "'\(BinaryRunner.binary.path)' daily --from 20230701 --to 20230731 --format json | head -1; echo \"status=${PIPESTATUS[0]}\" >&2"
        let run = await (try state.start(["-c", command], executable: "/bin/bash")).wait()
        #expect(run.stdout == "[\n")
        #expect(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("status="), "no error text: \(run.stderr)")
        #expect(!run.stderr.contains("Error"))
    }
}
