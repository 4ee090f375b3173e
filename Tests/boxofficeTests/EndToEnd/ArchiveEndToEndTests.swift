import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The archive as its users meet it: `archive sync` against the loopback server or a replay,
/// `top`, `share`, `archive status` and `archive sql` answering with no call, and the file kept
/// whole through kills, concurrent syncs, readers and files that are not archives.
struct ArchiveEndToEndTests {
    static let week = ["--from", "2023-08-11", "--to", "2023-08-18"]

    /// Daily charts for any day (the 2023-08-18 chart relabelled) and the films' recorded details.
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path.hasSuffix("searchDailyBoxOfficeList.json") ? .syntheticDay(request) : .recorded(request)
        }
    }

    static func json(_ run: BinaryRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test func aReplayedWeekIsArchivedAndTopShareAndSQLAnswerFromItAlone() async throws {
        let state = BinaryRunner(keys: false)
        let sync = try await state.run(["archive", "sync"] + Self.week + ["--replay", "Fixtures"])
        #expect(sync.status == 0 && sync.stdout.isEmpty, "\(sync.stderr)")
        #expect(sync.stderr.hasPrefix("Archived 8 days and 12 films"), "\(sync.stderr)")

        let top = try Self.json(try await state.run(["top"] + Self.week + ["--format", "json", "--limit", "3"]))
        let films = try #require(top["films"] as? [[String: Any]])
        #expect(films.map { $0["title"] as? String } == ["콘크리트 유토피아", "오펜하이머", "밀수"], "\(films)")
        #expect(films.first?["total"] as? Int == 1_193_378 && films.first?["daysInTopTen"] as? Int == 8)
        #expect((top["missingDays"] as? [Any])?.isEmpty == true)

        // The README's promise: the same SQL reproduces the figure.
        let sql = try Self.json(
            try await state.run([
                "archive", "sql",
                "SELECT movie_code, SUM(audience) FROM daily_chart WHERE day BETWEEN '2023-08-11' AND '2023-08-18' GROUP BY movie_code ORDER BY 2 DESC LIMIT 1",
                "--format", "json",
            ]))
        #expect((sql["rows"] as? [[String: Any]])?.first?["SUM(audience)"] as? Int == 1_193_378, "\(sql)")

        let share = try await state.run(["share"] + Self.week + ["--by", "distributor", "--format", "csv"])
        #expect(share.status == 0 && share.stdout.hasPrefix("name,audience,audience_share,sales,sales_share,films\n"), "\(share.stdout)")
        #expect(!share.stdout.contains("details not archived") && !share.stdout.contains(",,"), "every film has its details: \(share.stdout)")

        let status = try Self.json(try await state.run(["archive", "status", "--format", "json"]))
        #expect(status["days"] as? Int == 8 && status["films"] as? Int == 12 && status["filmsWithDetails"] as? Int == 12, "\(status)")
        // Nothing left to do: the second sync sends nothing, even in a replay.
        let again = try await state.run(["archive", "sync"] + Self.week + ["--replay", "Fixtures"])
        #expect(again.status == 0 && again.stderr.hasPrefix("Archived 0 days and 0 films from the replay, with no call"), "\(again.stderr)")
    }

    @Test func aSyncSpendsOneCallADayAndOneAFilmAndStopsAtItsBudgetThenResumes() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let first = try await state.run(["archive", "sync"] + Self.week + ["--budget", "5"])
        BinaryRunner.expectFailure(first, status: 75, mentioning: ["Stopped at the budget of 5 calls", "Run the same sync again"])
        #expect(server.requestCount == 5)
        let second = try await state.run(["archive", "sync"] + Self.week)
        #expect(second.status == 0, "\(second.stderr)")
        // Eight days and the ten films of the synthetic chart, each asked once.
        #expect(server.requestCount == 8 + 10, "\(server.requests.map(\.target))")
        let quota = try Self.json(try await state.run(["quota", "--format", "json"]))
        let kobis = (quota["services"] as? [[String: Any]])?.first { $0["service"] as? String == "kobis" }
        #expect(kobis?["calls"] as? Int == 18, "the ledger counts every call sent: \(quota)")
        let status = try Self.json(try await state.run(["archive", "status", "--format", "json"]))
        #expect(status["days"] as? Int == 8 && status["chartRows"] as? Int == 80 && status["filmsWithDetails"] as? Int == 10, "\(status)")
    }

    @Test func aReportAndATrendOverArchivedDaysCostNoCallAndTheReportTellsTheYearSoFar() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let january = ["--from", "2023-01-01", "--to", "2023-01-20"]
        for period in [january, Self.week] {
            let sync = try await state.run(["archive", "sync"] + period)
            #expect(sync.status == 0, "\(sync.stderr)")
        }
        let synced = server.requestCount
        // The cache holds the same days; with it out of the way, only the archive can answer.
        try? FileManager.default.removeItem(at: state.home.appendingPathComponent("cache/responses"))
        let report = try await state.run(["report", "--date", "2023-01-20", "--days", "3", "--format", "json"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(server.requestCount == synced, "the archive answered: \(server.requests.map(\.target).suffix(3))")
        // A trend's days and the film's details come from the archive: no call at all.
        let trend = try await state.run(["trend", "20226411", "--from", "2023-08-11", "--to", "2023-08-18", "--format", "csv"])
        #expect(trend.status == 0 && trend.stdout.split(separator: "\n").count == 9, "\(trend.stdout) \(trend.stderr)")
        #expect(server.requests.dropFirst(synced).isEmpty, "\(server.requests.dropFirst(synced).map(\.target))")

        let year = try #require(try Self.json(report)["yearSoFar"] as? [String: Any], "\(report.stdout)")
        let totals = try await state.run([
            "archive", "sql", "SELECT SUM(audience), SUM(sales) FROM daily_chart WHERE day LIKE '2023-01-%'", "--format", "tsv",
        ])
        let sums = totals.stdout.split(separator: "\n").last?.split(separator: "\t").compactMap { Int($0) }
        #expect(sums == [year["audience"] as? Int ?? -1, year["sales"] as? Int ?? -1], "\(year) \(totals.stdout)")
        #expect(year["from"] as? String == "2023-01-01" && year["leaderTitle"] as? String == "콘크리트 유토피아", "\(year)")
        let text = try await state.run(["report", "--date", "2023-01-20", "--days", "3", "--format", "text"])
        #expect(text.stdout.contains("Year so far (2023-01-01 to 2023-01-20): "), "\(text.stdout)")
        // A day outside the archive's year: no line, and the same report as ever.
        let uncovered = try await state.run(["report", "--date", "2023-02-05", "--days", "2", "--format", "json"])
        let uncoveredJSON = try Self.json(uncovered)
        #expect(uncovered.status == 0 && uncoveredJSON["yearSoFar"] == nil, "\(uncovered.stdout)")
    }

    @Test func aQuestionOfAPeriodTheArchiveLacksSaysWhichDaysAndStrictRefusesIt() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync", "--from", "2023-08-17", "--to", "2023-08-18", "--replay", "Fixtures"])
        let top = try await state.run(["top", "--month", "2023-08", "--format", "json"])
        #expect(top.status == 0)
        #expect(top.stderr.hasPrefix("Warning: The archive lacks 29 days of the period (2023-08-01"), "\(top.stderr)")
        #expect((try Self.json(top)["missingDays"] as? [String])?.count == 29)
        let strict = try await state.run(["top", "--month", "2023-08", "--strict"])
        BinaryRunner.expectFailure(strict, status: 75, mentioning: ["lacks 29 days", "archive sync"])
        for arguments in [["top", "--year", "2023", "--month", "2023-08"], ["top", "--month", "2023-13"], ["top", "--from", "2023-08-01"]] {
            BinaryRunner.expectFailure(try await state.run(arguments), status: 64)
        }
    }

    @Test func theArchiveRefusesEveryWriteAndAnythingButOneStatement() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync"] + Self.week + ["--replay", "Fixtures"])
        let file = state.home.appendingPathComponent(".local/share/boxoffice/archive.sqlite3")
        for statement in [
            "DELETE FROM daily_chart", "DROP TABLE movies", "ATTACH DATABASE '\(state.home.path)/x.sqlite3' AS x", "PRAGMA user_version = 7",
            "PRAGMA journal_mode = DELETE", "SELECT load_extension('/tmp/x')", "SELECT 1; DELETE FROM daily_chart", "VACUUM",
            "CREATE TABLE notes (x)",
        ] {
            let run = try await state.run(["archive", "sql", statement])
            BinaryRunner.expectFailure(run, status: 64)
        }
        let long = try await state.run([
            "archive", "sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n",
        ])
        BinaryRunner.expectFailure(long, status: 64, mentioning: ["ran past its time"])
        let rows = try await state.run(["archive", "sql", "SELECT COUNT(*) AS rows FROM daily_chart", "--format", "csv"])
        #expect(rows.stdout == "rows\n80\n", "nothing was changed: \(rows.stdout)")
        let check = try await state.run(["archive", "sql", "PRAGMA integrity_check", "--format", "tsv"])
        #expect(check.stdout.hasSuffix("ok\n"), "\(check.stdout) \(check.stderr)")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileThatIsNotAnArchiveIsLeftAsItWasAndAMissingOneIsNamed() async throws {
        let state = BinaryRunner(keys: false)
        let missing = try await state.run(["archive", "status"])
        BinaryRunner.expectFailure(missing, status: 1, mentioning: ["No archive at", "archive sync"])
        let notes = state.home.appendingPathComponent("notes.txt")
        let text = Data("my box office notes, not a database\n".utf8)
        try text.write(to: notes)
        for arguments in [["archive", "status"], ["archive", "sync", "--replay", "Fixtures"] + Self.week, ["top", "--year", "2023"]] {
            let run = try await state.run(arguments + ["--archive", notes.path])
            BinaryRunner.expectFailure(run, status: 73, mentioning: ["is not an SQLite database, so it was left as it is"])
        }
        #expect(try Data(contentsOf: notes) == text)
    }

    @Test func aDiskThatFillsEndsTheSyncInOneLineWithWholeDaysKept() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // A limit on a file's size plays the full disk, even for root: a write past 192 KiB fails.
        let script = "ulimit -f 384; exec \"$0\" archive sync --from 2023-01-01 --to 2023-12-31 --no-movies"
        let run = await (try state.start(["-c", script, BinaryRunner.binary.path], executable: "/bin/sh")).wait()
        BinaryRunner.expectFailure(run, status: 73, mentioning: ["could not grow", "it holds what it held before"])
        let check = try await state.run(["archive", "sql", "PRAGMA integrity_check", "--format", "tsv"])
        #expect(check.stdout.hasSuffix("ok\n"), "\(check.stdout) \(check.stderr)")
        let days = try await state.run([
            "archive", "sql", "SELECT COUNT(*) FROM synced_days s WHERE (SELECT COUNT(*) FROM daily_chart c WHERE c.day = s.day) <> 10",
            "--format", "tsv",
        ])
        #expect(days.stdout.hasSuffix("\n0\n"), "every day held is whole: \(days.stdout)")
    }

    @Test func anArchiveWhereAFolderIsOrWhoseFolderIsAFileIsNamedInOneLine() async throws {
        let state = BinaryRunner(keys: false)
        let folder = state.home.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = state.home.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        for path in [folder.path, file.path + "/archive.sqlite3"] {
            let run = try await state.run(["archive", "sync", "--archive", path, "--replay", "Fixtures"] + Self.week)
            BinaryRunner.expectFailure(run, status: 73, mentioning: ["archive"])
        }
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }

    @Test func killedMidSyncTheArchiveHoldsWholeDaysAndTheLedgerTheCallsSent() async throws {
        // The sixth request and those after it are never answered, so the kill lands mid-sync.
        let arrivals = Arrivals()
        let server = try LoopbackServer { request in
            let response: StubResponse =
                request.path.hasSuffix("searchDailyBoxOfficeList.json") ? .syntheticDay(request) : .recorded(request)
            guard arrivals.next() >= 6 else { return response }
            var held = response
            held.delay = .infinity
            return held
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(["archive", "sync"] + Self.week)
        try await server.waitForRequests(6, from: running)
        kill(running.processIdentifier, SIGKILL)
        _ = await running.wait()
        let check = try await state.run(["archive", "sql", "PRAGMA integrity_check", "--format", "tsv"])
        #expect(check.stdout.hasSuffix("ok\n"), "\(check.stdout) \(check.stderr)")
        let days = try await state.run([
            "archive", "sql", "SELECT s.day, COUNT(c.rank) FROM synced_days s LEFT JOIN daily_chart c USING (day) GROUP BY s.day", "--format", "tsv",
        ])
        let counts = days.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").last.map(String.init) }
        #expect(counts.allSatisfy { $0 == "10" }, "every archived day is whole: \(days.stdout)")
        let quota = try Self.json(try await state.run(["quota", "--format", "json"]))
        let calls = (quota["services"] as? [[String: Any]])?.first { $0["service"] as? String == "kobis" }?["calls"] as? Int
        #expect(calls == server.requestCount || calls == server.requestCount + 1, "ledger \(calls ?? -1), server \(server.requestCount)")
        // The next sync finishes the week.
        server.stop()
        let finishing = try Self.server()
        defer { finishing.stop() }
        var resuming = state
        resuming.environment["BOXOFFICE_KOBIS_URL"] = finishing.baseURL
        let resumed = try await resuming.run(["archive", "sync"] + Self.week)
        #expect(resumed.status == 0, "\(resumed.stderr)")
    }

    @Test func aSecondSyncWaitsForTheFirstWithALineAndAReaderGoesOnBesideThem() async throws {
        // The first request waits until the test opens the gate, so the first sync holds the archive.
        let gate = Gate()
        let arrivals = Arrivals()
        let server = try LoopbackServer { request in
            var response: StubResponse =
                request.path.hasSuffix("searchDailyBoxOfficeList.json") ? .syntheticDay(request) : .recorded(request)
            if arrivals.next() == 1 { response.heldBy = gate }
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // Clocks the held request cannot exhaust on a loaded machine: no attempt is given up and
        // retried while the gate is shut, so the server sees each day once.
        let month = ["--from", "2023-07-01", "--to", "2023-07-31", "--timeout", "300", "--retries", "0"]
        let first = try state.start(["archive", "sync"] + month)
        try await server.waitForRequests(1, from: first)
        let second = try state.start(["archive", "sync"] + month)
        #expect(await second.stderrShows("Waiting for another sync of ", seconds: Backstop.seconds), "\(second.stderr)")
        let reader = try await state.run(["archive", "status", "--format", "json"])
        #expect(reader.status == 0, "a reader beside the syncs: \(reader.stderr)")
        gate.open()
        let runs = await [first, second].wait()
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        #expect(runs[1].stderr.contains("Archived 0 days and 0 films for 0 calls"), "the second found the days done: \(runs[1].stderr)")
        #expect(server.requestCount == 31 + 10, "each day and film fetched once")
        let rows = try await state.run(["archive", "sql", "SELECT COUNT(*), COUNT(DISTINCT day || '/' || rank) FROM daily_chart", "--format", "tsv"])
        #expect(rows.stdout.hasSuffix("310\t310\n"), "\(rows.stdout)")
    }
}

/// Counts the requests a handler sees, in their order of arrival.
final class Arrivals: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
