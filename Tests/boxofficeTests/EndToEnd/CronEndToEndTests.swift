import Foundation
import Testing

/// What the scripts that run `boxoffice` every morning rely on: the cache, the quota ledger,
/// date ranges, record and replay.
@Suite(.serialized)
struct CronEndToEndTests {
    /// Today in Seoul as `YYYY-MM-DD`, computed independently of the binary.
    static func seoulDay(daysAgo: Int = 0) -> (iso: String, compact: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current
        let date = Date().addingTimeInterval(Double(-daysAgo) * 86_400)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let iso = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        return (iso, iso.replacingOccurrences(of: "-", with: ""))
    }

    static func cacheFiles(_ state: BinaryRunner) -> [URL] {
        let folder = state.home.appendingPathComponent("cache/responses")
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
    }

    // MARK: Cache

    @Test func aSettledDayIsServedFromTheCacheForGood() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let first = try await state.run(["daily", "--date", "20230818", "--format", "json"])
        let second = try await state.run(["daily", "--date", "20230818", "--format", "json", "--verbose"])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr) \(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(server.requestCount == 1)
        #expect(second.stderr.contains("cache hit"))
        let entry = try #require(Self.cacheFiles(state).first)
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.hasPrefix("boxoffice-cache 1 expires=never\n"), "kept for good: \(text.prefix(60))")
        #expect(!state.filesContainKey(below: state.home.appendingPathComponent("cache")))
        let mode = try FileManager.default.attributesOfItem(atPath: state.home.appendingPathComponent("cache").path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func aRecentDayIsKeptForAnHourThenRefetched() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let before = Date().timeIntervalSince1970
        _ = try await state.run(["daily", "--date", "yesterday"])
        let after = Date().timeIntervalSince1970
        _ = try await state.run(["daily", "--date", "yesterday"])
        #expect(server.requestCount == 1)
        let entry = try #require(Self.cacheFiles(state).first)
        let text = try String(contentsOf: entry, encoding: .utf8)
        let header = String(text.prefix { $0 != "\n" })
        let expires = try #require(Double(header.replacingOccurrences(of: "boxoffice-cache 1 expires=", with: "")), "\(header)")
        // An hour after the answer came, which was between `before` and `after` (a second either
        // way for the whole seconds written), however long the run took.
        #expect((before + 3_599)...(after + 3_601) ~= expires, "expires an hour after the answer: \(header), run \(before)...\(after)")
        // Once expired, the next run asks again.
        try (header.replacingOccurrences(of: String(Int(expires)), with: "1000") + text.drop { $0 != "\n" }).write(
            to: entry, atomically: true, encoding: .utf8)
        _ = try await state.run(["daily", "--date", "yesterday"])
        #expect(server.requestCount == 2)
    }

    @Test func noCacheAndRefreshDoWhatTheySay() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        _ = try await state.run(["daily", "--date", "20230818", "--no-cache"])
        #expect(Self.cacheFiles(state).isEmpty, "--no-cache writes nothing")
        _ = try await state.run(["daily", "--date", "20230818"])
        _ = try await state.run(["daily", "--date", "20230818", "--refresh"])
        #expect(server.requestCount == 3, "--refresh skips reading")
        _ = try await state.run(["daily", "--date", "20230818"])
        #expect(server.requestCount == 3, "--refresh wrote the fresh answer")
    }

    @Test func errorsAreNeverCached() async throws {
        let server = try LoopbackServer(sequence: [.fixture("errors/kobis-fault-320102.json"), .fixture("kobis/daily-20230818.json")])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let failed = try await state.run(["daily", "--date", "20230818"])
        #expect(failed.status == 69)
        #expect(Self.cacheFiles(state).isEmpty)
        let succeeded = try await state.run(["daily", "--date", "20230818"])
        #expect(succeeded.status == 0)
        #expect(server.requestCount == 2)
    }

    @Test func cacheCommandsShowAndClear() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        _ = try await state.run(["daily", "--from", "20230801", "--to", "20230803"])
        let path = try await state.run(["cache", "path"])
        #expect(path.stdout == state.home.appendingPathComponent("cache/responses").path + "\n", "the folder the entries are in: \(path.stdout)")
        let stats = try await state.run(["cache", "stats", "--format", "json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(object["entries"] as? Int == 3)
        #expect(object["keptForGood"] as? Int == 3)
        let table = try await state.run(["cache", "stats"])
        #expect(table.stdout.hasPrefix("Cache folder: "), "\(table.stdout)")
        #expect(table.stdout.contains("Kept for good") && table.stdout.contains("Entries"))
        #expect(!table.stdout.components(separatedBy: "\n").dropFirst().contains { $0.count > 30 }, "numbers align to the counts, not the path")
        let cleared = try await state.run(["cache", "clear"])
        #expect(cleared.status == 0)
        #expect(cleared.stdout.isEmpty)
        #expect(cleared.stderr.contains("Removed 3"))
        #expect(Self.cacheFiles(state).isEmpty)
    }

    // MARK: Quota

    @Test func quotaCountsNetworkCallsOnly() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        _ = try await state.run(["daily", "--date", "20230818"])
        _ = try await state.run(["daily", "--date", "20230818"])
        _ = try await state.run(["daily", "--date", "20230818", "--replay", "Fixtures"])
        _ = try await state.run(["daily", "--date", "20230817"])
        let quota = try await state.run(["quota", "--format", "json"])
        #expect(quota.status == 0, "\(quota.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdout.utf8)) as? [String: Any])
        #expect(object["date"] as? String == Self.seoulDay().iso)
        let services = try #require(object["services"] as? [[String: Any]])
        let kobis = try #require(services.first { $0["service"] as? String == "kobis" })
        #expect(kobis["calls"] as? Int == 2, "one per network call: \(kobis)")
        #expect(kobis["limit"] as? Int == 3_000)
        let kakao = try #require(services.first { $0["service"] as? String == "kakao" })
        #expect(kakao["limit"] as? Int == 30_000)
        let table = try await state.run(["quota"])
        #expect(table.stdout.contains("3,000"))
    }

    @Test func tenConcurrentRunsAreCountedExactly() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let runs = await (try (1...10).map { try state.start(["daily", "--date", String(format: "202308%02d", $0)]) }).wait()
        #expect(runs.map(\.status) == Array(repeating: 0, count: 10))
        let quota = try await state.run(["quota", "--format", "json"])
        #expect(quota.stdout.contains("\"calls\": 10,"), "\(quota.stdout)")
    }

    @Test func aRefusedConnectionIsNotCountedAgainstTheQuota() async throws {
        let closed = try ClosedPort()
        let url = closed.baseURL
        let state = BinaryRunner(kobisURL: url)
        let run = try await state.run(["daily", "--date", "20230818", "--retries", "2"])
        #expect(run.status == 69)
        let quota = try await state.run(["quota", "--format", "json"])
        #expect(quota.stdout.contains("\"calls\": 0,"), "\(quota.stdout)")
    }

    @Test func aWarningPastNinetyPercentOfTheLimit() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let ledger = state.home.appendingPathComponent("cache/quota.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"day":"\#(Self.seoulDay().iso)","calls":{"kobis":2698}}"#.utf8).write(to: ledger)
        let below = try await state.run(["daily", "--date", "20230801"])
        #expect(below.status == 0)
        #expect(!below.stderr.contains("Warning"), "2,699 calls is below 90 %")
        let past = try await state.run(["daily", "--from", "20230802", "--to", "20230804"])
        #expect(past.status == 0)
        let warnings = past.stderr.split(separator: "\n").filter { $0.contains("Warning") }
        #expect(warnings.count == 1, "one warning per run: \(past.stderr)")
        #expect(past.stderr.contains("3000") || past.stderr.contains("3,000"))
    }

    // MARK: Ranges

    @Test func aRangeComesOutInDateOrderWhateverOrderAnswersArrive() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.syntheticDay(request)
            // Earlier days answer later, so arrival order is the reverse of date order.
            let day = Int(request.query["targetDt"]?.suffix(2) ?? "") ?? 0
            response.delay = Double(10 - day) * 0.03
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let range = ["daily", "--from", "2023-08-01", "--to", "2023-08-09", "--jobs", "9"]
        let json = try await state.run(range + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(charts.compactMap { $0["startDate"] as? String } == (1...9).map { "2023-08-0\($0)" })
        let jsonl = try await state.run(range + ["--format", "jsonl"])
        #expect(jsonl.stdout.split(separator: "\n").count == 9 * 10, "one movie a line")
        let csv = try await state.run(range + ["--format", "csv"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.count == 1 + 9 * 10)
        #expect(lines.filter { $0.hasPrefix("start_date,") }.count == 1, "the header once")
        #expect(lines[1].hasPrefix("2023-08-01,") && lines[90].hasPrefix("2023-08-09,"))
        let table = try await state.run(range)
        #expect(table.stdout.components(separatedBy: "Daily box office, ").count == 10)
        #expect(table.stderr.isEmpty, "no progress when stderr is not a terminal: \(table.stderr)")
    }

    @Test func aRangeRunsConcurrentlyBoundedByJobs() async throws {
        // The first four requests are answered once all four have come, so a run that sends four
        // at once has four in flight, whatever the machine's load.
        let together = ArrivalBarrier(count: 4)
        let server = try LoopbackServer { request in together.hold(.syntheticDay(request)) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["daily", "--from", "20230801", "--to", "20230808", "--jobs", "4", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        // Never more than 4 at once, and 4 when there are enough.
        #expect(server.mostConcurrentRequests == 4, "at most \(server.mostConcurrentRequests) at once")
        #expect(server.requestCount == 8)
    }

    @Test func aRangeIsAllOrNothingAndNamesTheFailedDays() async throws {
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20230803" ? StubResponse(status: 503) : StubResponse.syntheticDay(request)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let arguments = ["daily", "--from", "20230801", "--to", "20230805", "--format", "csv", "--retries", "0"]
        let run = try await state.run(arguments)
        #expect(run.status == 69)
        #expect(run.stdout.isEmpty, "nothing partial")
        #expect(run.stderr.contains("2023-08-03"), "\(run.stderr)")
        #expect(!run.stderr.contains("2023-08-02"))
        #expect(Self.cacheFiles(state).count == 4, "the days fetched stay cached")
        BinaryRunner.expectNoKey(run)
    }

    @Test func weeklyRangeFetchesEachWeekThatStartsInItOnce() async throws {
        let server = try LoopbackServer { request in
            let sunday = request.query["targetDt"] ?? ""
            guard let monday = Self.mondayBefore(sunday),
                let template = try? String(
                    contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/weekly-20230813-weekGb=0.json"), encoding: .utf8)
            else { return StubResponse(status: 500) }
            return .json(template.replacingOccurrences(of: "20230807~20230813", with: "\(monday)~\(sunday)"))
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["weekly", "--from", "20230731", "--to", "20230815", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(charts.compactMap { $0["startDate"] as? String } == ["2023-07-31", "2023-08-07", "2023-08-14"])
        #expect(server.requests.compactMap { $0.query["targetDt"] }.sorted() == ["20230806", "20230813", "20230820"])
        // The last 14 days hold last week's Monday (ended) and this week's (not ended): one chart, one warning.
        let recent = try await state.run(["weekly", "--from", "-14d", "--to", "today", "--format", "json"])
        #expect(recent.status == 0, "\(recent.stderr)")
        #expect(
            recent.stderr.hasPrefix("Warning: The week of ") && recent.stderr.hasSuffix(" has not ended yet, so it is left out.\n"),
            "\(recent.stderr)")
        #expect((try JSONSerialization.jsonObject(with: Data(recent.stdout.utf8)) as? [[String: Any]])?.count == 1, "\(recent.stdout)")
    }

    static func mondayBefore(_ sunday: String) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyyMMdd"
        guard let date = formatter.date(from: sunday), let monday = calendar.date(byAdding: .day, value: -6, to: date) else { return nil }
        return formatter.string(from: monday)
    }

    @Test func progressShowsOnATerminalOnly() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // `script` gives the binary a terminal; stdout goes to a file so only stderr is the terminal's.
        let output = state.home.appendingPathComponent("range.csv")
        let command = "'\(BinaryRunner.binary.path)' daily --from 20230801 --to 20230812 --format csv > '\(output.path)'"
        let terminal = try RunningProgram(state.process(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script")))
        let ended = try await terminal.end()
        let shown = ended.stdout
        #expect(ended.status == 0, "\(shown)\(ended.stderr)")
        #expect(shown.contains("12/12 days"), "progress on the terminal: \(shown.debugDescription)")
        let csv = try String(contentsOf: output, encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 121)
        #expect(!csv.contains("days"), "progress never reaches stdout")
    }

    // MARK: Record and replay

    @Test func recordThenReplayGivesTheSameOutputWithoutTheKey() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/movie/searchMovieInfo.json": .fixture("kobis/movie-20218541.json")
            case "/v2/search/image": .fixture("kakao/image-search-query=밀수-size=10.json")
            default: StubResponse.syntheticDay(request)
            }
        }
        defer { server.stop() }
        var state = BinaryRunner(kobisURL: server.baseURL)
        state.environment["BOXOFFICE_KAKAO_URL"] = server.baseURL
        let folder = state.home.appendingPathComponent("recorded")
        let commands = [
            ["daily", "--from", "20230801", "--to", "20230802", "--format", "json"], ["movie", "20218541", "--format", "json"],
            ["images", "밀수", "--format", "json"],
        ]
        for command in commands {
            let live = try await state.run(command + ["--record", folder.path])
            #expect(live.status == 0, "\(live.stderr)")
            let replayed = try await BinaryRunner(kobisURL: "http://127.0.0.1:9", keys: false).run(command + ["--replay", folder.path])
            #expect(replayed.status == 0, "\(replayed.stderr)")
            #expect(replayed.stdout == live.stdout, "\(command)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kobis/daily-20230801.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kobis/movie-20218541.json").path))
        #expect(!state.filesContainKey(below: folder))
        let missing = try await BinaryRunner(keys: false).run(["daily", "--date", "20230705", "--replay", folder.path])
        BinaryRunner.expectFailure(missing, status: 78, mentioning: ["daily-20230705"])
    }
}
