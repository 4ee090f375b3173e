import BoxOfficeCore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The archive fed charts as KOBIS really sends them, through the loopback server: the tie of
/// 2023-08-19 through every question (sync, top, share, trend, daily, archive sql, the MCP tools),
/// and the quirks of real answers (counts with separators, a blank opening date, negative changes,
/// a short day, an empty day), each stored as it means; a day that cannot be stored is named.
struct ArchiveRealRecordEndToEndTests {
    static let tenDays = ["--from", "2023-08-11", "--to", "2023-08-20"]

    static func json(_ run: BinaryRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout) \(run.stderr)")
    }

    @Test func aTieIsSyncedAndAnsweredByEveryQuestion() async throws {
        let server = try LoopbackServer { .recorded($0) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let sync = try await state.run(["archive", "sync"] + Self.tenDays)
        #expect(sync.status == 0 && sync.stderr.hasPrefix("Archived 10 days and 12 films for 22 calls"), "\(sync.stderr)")

        let check = try await state.run(["archive", "check"])
        #expect(check.status == 0 && check.stdout.hasPrefix("All holds"), "\(check.stdout) \(check.stderr)")
        let tie = try await state.run([
            "archive", "sql", "SELECT position, rank, title FROM daily_chart WHERE day = '2023-08-19' AND rank >= 7 ORDER BY position", "--format",
            "csv",
        ])
        #expect(
            tie.stdout == "position,rank,title\n7,7,귀공자\n8,7,더 문\n9,9,미션 임파서블: 데드 레코닝 PART ONE\n10,10,\"Concrete \"\"Test\"\" Title, Vol. 2\"\n",
            "\(tie.stdout)")

        let top = try Self.json(try await state.run(["top"] + Self.tenDays + ["--limit", "20", "--format", "json"]))
        #expect(top["counts"] as? String == "runningTotals")
        let films = try #require(top["films"] as? [[String: Any]])
        let nobleman = try #require(films.first { $0["code"] as? String == "20233616" })
        // 08-11 to 08-20 by its totals: 08-20's 789,560 less (08-11's total less its audience).
        let first = try #require(try Self.fixtureRow("20230811", "20233616"))
        #expect(nobleman["total"] as? Int == 789_560 - (first.total - first.audience), "\(nobleman)")
        #expect(nobleman["daysInTopTen"] as? Int == 9 && nobleman["lastDay"] as? String == "2023-08-20", "\(nobleman)")

        let share = try Self.json(try await state.run(["share"] + Self.tenDays + ["--format", "json"]))
        let groups = try #require(share["groups"] as? [[String: Any]])
        #expect(groups.compactMap { $0["audience"] as? Int }.reduce(0, +) == films.compactMap { $0["total"] as? Int }.reduce(0, +))

        // The archive answers the tied day and the trend through it, with no call.
        try? FileManager.default.removeItem(at: state.home.appendingPathComponent("cache/responses"))
        let before = server.requestCount
        let daily = try await state.run(["daily", "--date", "2023-08-19", "--format", "csv", "--fields", "rank,title"])
        #expect(daily.status == 0 && daily.stdout.contains("7,귀공자\n7,더 문\n9,"), "\(daily.stdout) \(daily.stderr)")
        let trend = try await state.run(["trend", "20232157", "--from", "2023-08-18", "--to", "2023-08-20", "--format", "csv"])
        #expect(trend.status == 0 && trend.stdout.split(separator: "\n").count == 4, "\(trend.stdout) \(trend.stderr)")
        #expect(
            server.requests.dropFirst(before).allSatisfy { $0.path.hasSuffix("searchMovieInfo.json") },
            "\(server.requests.dropFirst(before).map(\.target))")
    }

    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: MCPEndToEndTests.missing)))
    func theMCPToolsAnswerATieAsTheCommandsDo() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync"] + Self.tenDays + ["--replay", "Fixtures"])
        let sql = "SELECT day, position, rank, title FROM daily_chart WHERE day = '2023-08-19' ORDER BY position"
        let calls: [(tool: String, arguments: [String: Any], command: [String])] = [
            ("box_office_top", ["from": "2023-08-11", "to": "2023-08-20", "limit": 12], ["top"] + Self.tenDays + ["--limit", "12"]),
            ("box_office_share", ["from": "2023-08-11", "to": "2023-08-20", "by": "genre"], ["share"] + Self.tenDays + ["--by", "genre"]),
            ("archive_query", ["sql": sql], ["archive", "sql", sql]),
        ]
        let report = try await MCPEndToEndTests.session(
            "auto", plan: ["calls": MCPEndToEndTests.plan(calls.map { ($0.tool, $0.arguments) })], state: state)
        let results = try #require(report["calls"] as? [[String: Any]])
        for (call, result) in zip(calls, results) {
            let cli = try await state.run(call.command + ["--format", "json"])
            #expect(result["is_error"] as? Bool == false, "\(call.tool): \(result)")
            let structured = result["structured_content"]
            #expect(
                try MCPEndToEndTests.canonical(structured)
                    == MCPEndToEndTests.canonical(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8))), "\(call.tool)")
        }
    }

    /// An agent fills the archive with archive_sync (its budget required and bounded) and asks it;
    /// a read-only server does not offer the tool.
    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: MCPEndToEndTests.missing)))
    func anAgentFillsTheArchiveWithinItsBudgetAndAReadOnlyServerCannot() async throws {
        let state = BinaryRunner(keys: false)
        let week: [String: Any] = ["from": "2023-08-11", "to": "2023-08-20"]
        let calls: [(tool: String, arguments: [String: Any])] = [
            ("box_office_top", week), ("archive_sync", week), ("archive_sync", week.merging(["budget": 501]) { $1 }),
            ("archive_sync", week.merging(["budget": 100]) { $1 }), ("box_office_top", week.merging(["limit": 3]) { $1 }),
        ]
        let report = try await MCPEndToEndTests.session(
            "auto", plan: ["calls": MCPEndToEndTests.plan(calls), "server_args": ["--replay", "Fixtures"]], state: state)
        let results = try #require(report["calls"] as? [[String: Any]])
        try #require(results.count == calls.count)
        let texts = results.map { ($0["texts"] as? [String])?.first ?? "" }
        #expect(results[0]["is_error"] as? Bool == true && texts[0].contains("archive_sync fills it"), "\(texts[0])")
        for refused in [1, 2] {
            #expect(results[refused]["is_error"] as? Bool == true && texts[refused].contains("'budget'"), "\(texts[refused])")
        }
        let synced = try #require(results[3]["structured_content"] as? [String: Any], "\(results[3])")
        #expect(synced["daysStored"] as? Int == 10 && synced["filmsStored"] as? Int == 12 && synced["stoppedByBudget"] as? Bool == false, "\(synced)")
        let top = try #require(results[4]["structured_content"] as? [String: Any], "\(results[4])")
        #expect((top["films"] as? [[String: Any]])?.first?["title"] as? String == "콘크리트 유토피아", "\(top)")

        // A read-only server lists no archive_sync, and answers a call of it as of an unknown tool.
        let readOnly = try await MCPEndToEndTests.session("auto", plan: ["server_args": ["--read-only"]], state: state)
        let names = (readOnly["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(!names.contains("archive_sync") && names.contains("archive_query"), "\(names)")
    }

    /// `--wide` adds KOBIS's lists of Korean and of foreign films: three calls a day, a day begun
    /// only when the budget holds all three; the overall chart stays as KOBIS ranks it, and a film
    /// outside it (바비 on 08-19) counts in the period's figures.
    @Test func aWideSyncAddsTheListsByNationAtThreeCallsADay() async throws {
        let server = try LoopbackServer { .recorded($0) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let days = ["--from", "2023-08-19", "--to", "2023-08-20", "--no-movies"]
        let first = try await state.run(["archive", "sync", "--wide", "--budget", "4"] + days)
        #expect(first.status == 75 && first.stderr.contains("Stopped at the budget of 4 calls"), "\(first.stderr)")
        #expect(server.requestCount == 3, "the second day was not begun: \(server.requests.map(\.target))")
        #expect(Set(server.requests.map { $0.query["repNationCd"] ?? "all" }) == ["all", "K", "F"])
        let second = try await state.run(["archive", "sync", "--wide"] + days)
        #expect(second.status == 0 && server.requestCount == 6, "\(second.stderr)")

        let status = try Self.json(try await state.run(["archive", "status", "--format", "json"]))
        #expect(status["wideDays"] as? Int == 2 && status["chartRows"] as? Int == 20, "\(status)")
        let overall = try await state.run([
            "archive", "sql", "SELECT COUNT(*) FROM daily_chart WHERE day = '2023-08-19' AND movie_code = '20231089'", "--format", "tsv",
        ])
        #expect(overall.stdout.hasSuffix("\n0\n"), "바비 is not put into the overall chart: \(overall.stdout)")
        let top = try Self.json(try await state.run(["top", "--from", "2023-08-19", "--to", "2023-08-20", "--limit", "20", "--format", "json"]))
        let barbie = try #require((top["films"] as? [[String: Any]])?.first { $0["code"] as? String == "20231089" }, "\(top)")
        // 08-20's total less 08-19's before that day: both days, the one outside the top ten included.
        #expect(barbie["total"] as? Int == 2_900 + 3_905 && barbie["daysInTopTen"] as? Int == 1 && barbie["firstDay"] as? String == "2023-08-19")

        // The README's SQL gives the same figures, the lists by nation included.
        let block = try #require(try Readme.blocks("sql", in: "The archive: periods, records and SQL").first)
        let sql = try #require(block.components(separatedBy: "```").first)
            .replacingOccurrences(of: "2023-01-01", with: "2023-08-19").replacingOccurrences(of: "2023-12-31", with: "2023-08-20")
            .replacingOccurrences(of: "LIMIT 10", with: "LIMIT 20")
        let rows = try #require(try Self.json(try await state.run(["archive", "sql", sql, "--format", "json"]))["rows"] as? [[String: Any]])
        let figures = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in (row["movie_code"] as? String).map { ($0, row["audience"] as? Int) } })
        let films = try #require(top["films"] as? [[String: Any]])
        #expect(films.count == rows.count && films.allSatisfy { figures[$0["code"] as? String ?? ""] == $0["total"] as? Int }, "\(rows) \(films)")

        // A plain sync of the same days sends nothing: they are held, settled.
        let plain = try await state.run(["archive", "sync"] + days)
        #expect(plain.status == 0 && server.requestCount == 6, "\(plain.stderr)")
    }

    /// A trend with no last day ends a week after the film left the chart: 오펜하이머 opened on
    /// 08-15 and is charted to 08-20; from 08-21 the days hold it no more, so the run ends on 08-27,
    /// and no day past the batch that found it is asked for (not a year of calls).
    @Test func aTrendWithNoLastDayEndsAWeekAfterTheFilmLeftTheChart() async throws {
        let server = try LoopbackServer { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json") else { return .recorded(request) }
            let day = request.query["targetDt"] ?? ""
            return day <= "20230820" ? .recorded(request) : .relabelled("kobis/daily-20230811.json", for: request)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["trend", "20232193", "--format", "csv", "--fields", "date,rank"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").dropFirst()
        #expect(lines.first?.hasPrefix("2023-08-15,") == true && lines.last?.hasPrefix("2023-08-27,") == true && lines.count == 13, "\(run.stdout)")
        let charts = server.requests.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") }.count
        // The 13 days and at most the rest of the batch that found the end, never a year's 366.
        #expect(charts >= 13 && charts <= 13 + ChartQuery.defaultJobs * 2, "\(charts) charts asked for")
    }

    /// An archive in a folder its reader cannot write (a shared one, an app's bundle) answers
    /// every question; only a writer is refused, and says why. Run as another user than the owner,
    /// which needs root to switch to (skipped by name elsewhere).
    @Test(.enabled(if: getuid() == 0 && TestTools.path(of: "setpriv") != nil, "needs root and setpriv to read as another user"))
    func aReaderWhoCannotWriteTheFolderAnswersFromTheArchive() async throws {
        let owner = BinaryRunner(keys: false)
        let folder = TemporaryFolder("boxoffice-shared-archive")
        let file = folder.url.appendingPathComponent("archive.sqlite3").path
        let sync = try await owner.run(["archive", "sync"] + Self.tenDays + ["--replay", "Fixtures", "--archive", file])
        try #require(sync.status == 0, "\(sync.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let home = TemporaryFolder("boxoffice-reader-home")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.url.path)
        func asReader(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            try await Subprocess.run(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", BinaryRunner.binary.path] + arguments + ["--archive", file],
                in: home.url, environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin", "LANG": "C"], inheriting: false)
        }
        for question in [
            ["archive", "status"], ["top"] + Self.tenDays, ["share"] + Self.tenDays, ["archive", "sql", "SELECT COUNT(*) FROM daily_chart"],
        ] {
            let run = try await asReader(question)
            #expect(run.status == 0, "\(question): \(run.output)")
        }
        let writer = try await asReader(["archive", "sync", "--from", "2023-08-21", "--to", "2023-08-21", "--replay", "Fixtures"])
        #expect(writer.status == 73 && writer.output.contains("cannot be written"), "\(writer.output)")
    }

    /// A row of a fixture's chart: the film's running total and the day's audience.
    static func fixtureRow(_ day: String, _ code: String) throws -> (total: Int, audience: Int)? {
        let url = BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-\(day).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let rows = (object?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: String]] ?? []
        return rows.first { $0["movieCd"] == code }.flatMap { row in
            Int(row["audiAcc"] ?? "").flatMap { total in Int(row["audiCnt"] ?? "").map { (total, $0) } }
        }
    }

    /// One chart a day, written here in KOBIS's shapes: the quirks real answers carry.
    static func quirkyDay(_ request: RecordedRequest) -> StubResponse {
        let day = request.query["targetDt"] ?? ""
        func row(_ number: Int, rank: Int, code: String, title: String, open: String, audience: String, total: String, inten: String, new: String)
            -> String
        {
            #"{"rnum":"\#(number)","rank":"\#(rank)","rankInten":"\#(inten)","rankOldAndNew":"\#(new)","movieCd":"\#(code)","movieNm":"\#(title)","openDt":"\#(open)","salesAmt":"1,000,000","salesShare":"12.5","salesInten":"-20000","salesChange":"-2.0","salesAcc":"9,000,000","audiCnt":"\#(audience)","audiInten":"-120","audiChange":"-1.5","audiAcc":"\#(total)","scrnCnt":"10","showCnt":"20"}"#
        }
        let rows: [String]
        switch day {
        case "20230801":
            // Counts with separators, a blank opening date, negative changes, a re-entry; three rows only.
            rows = [
                row(1, rank: 1, code: "90000001", title: "첫째", open: "2023-07-26", audience: "1,234", total: "12,345", inten: "-2", new: "OLD"),
                row(2, rank: 2, code: "90000002", title: "둘째", open: " ", audience: "999", total: "999", inten: "0", new: "NEW"),
                row(3, rank: 2, code: "90000003", title: "셋째", open: "", audience: "999", total: "5000", inten: "3", new: "OLD"),
            ]
        case "20230802": rows = []  // a settled day with no chart: stored empty
        case "20230803":
            // The same film twice: KOBIS's answer, not the archive, is at fault.
            rows = [
                row(1, rank: 1, code: "90000001", title: "첫째", open: "2023-07-26", audience: "1000", total: "13345", inten: "0", new: "OLD"),
                row(2, rank: 2, code: "90000001", title: "첫째", open: "2023-07-26", audience: "1000", total: "13345", inten: "0", new: "OLD"),
            ]
        default:
            rows = [row(1, rank: 1, code: "90000001", title: "첫째 (재개봉)", open: "2023-07-26", audience: "500", total: "13845", inten: "0", new: "OLD")]
        }
        return .json(
            #"{"boxOfficeResult":{"boxofficeType":"일별 박스오피스","showRange":"\#(day)~\#(day)","dailyBoxOfficeList":[\#(rows.joined(separator: ","))]}}"#)
    }

    @Test func theQuirksOfRealAnswersAreStoredAsTheyMeanAndADayThatCannotBeIsNamed() async throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("searchDailyBoxOfficeList.json") ? Self.quirkyDay(request) : .json(#"{"movieInfoResult":{"movieInfo":{}}}"#)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let sync = try await state.run(["archive", "sync", "--from", "2023-08-01", "--to", "2023-08-04", "--no-movies"])
        // The other days are archived and said to be; the day that cannot be stored is the run's error.
        #expect(sync.status == 65 && sync.stdout.isEmpty, "\(sync.stderr)")
        #expect(sync.stderr.hasPrefix("Archived 3 days and 0 films for 4 calls"), "\(sync.stderr)")
        #expect(
            sync.stderr.hasSuffix("Error: KOBIS's chart of 2023-08-03 lists film 90000001 more than once (row 2), so the day was not stored.\n"),
            "\(sync.stderr)")
        let rows = try await state.run([
            "archive", "sql",
            "SELECT day, position, rank, title, open_date, audience, audience_total, sales, sales_total, rank_change, is_new, audience_change FROM daily_chart ORDER BY day, position",
            "--format", "csv",
        ])
        #expect(
            rows.stdout == """
                day,position,rank,title,open_date,audience,audience_total,sales,sales_total,rank_change,is_new,audience_change
                2023-08-01,1,1,첫째,2023-07-26,1234,12345,1000000,9000000,-2,0,-120
                2023-08-01,2,2,둘째,,999,999,1000000,9000000,0,1,-120
                2023-08-01,3,2,셋째,,999,5000,1000000,9000000,3,0,-120
                2023-08-04,1,1,첫째 (재개봉),2023-07-26,500,13845,1000000,9000000,0,0,-120

                """, "\(rows.stdout)")
        let days = try await state.run(["archive", "sql", "SELECT day FROM synced_days ORDER BY day", "--format", "csv"])
        #expect(days.stdout == "day\n2023-08-01\n2023-08-02\n2023-08-04\n", "the empty day is held, the unstorable one is not: \(days.stdout)")
        // The next sync tries that day again, and only it (KOBIS's answer, kept in the cache, costs no call).
        let again = try await state.run(["archive", "sync", "--from", "2023-08-01", "--to", "2023-08-04", "--no-movies"])
        #expect(again.status == 65 && again.stderr.contains("Archived 0 days") && again.stderr.contains("2023-08-03"), "\(again.stderr)")
        #expect(server.requestCount == 4)
    }
}
