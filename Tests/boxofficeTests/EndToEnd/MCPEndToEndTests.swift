@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// `boxoffice mcp` driven by the official MCP Python SDK (`Tests/MCP/mcp_session.py`) in both
/// protocol eras, against the loopback API server: every tool answers with exactly the JSON the
/// CLI prints, failures a model can mend are `isError` results with the CLI's line, and calls
/// overlap and can be cancelled. The raw sessions write what no SDK would.
@Suite(.serialized)
struct MCPEndToEndTests {
    static let missing = "the MCP Python SDK is not in .build/mcp-venv; run .ci/install-test-tools"
    static let script = BinaryRunner.repositoryRoot.appendingPathComponent("Tests/MCP/mcp_session.py").path
    /// A day whose chart never comes, for cancellation.
    static let stalledDay = "20230601"

    /// In the order `boxoffice --help` lists their commands.
    static let toolNames = [
        "daily_box_office", "weekly_box_office", "box_office_report", "movie_trend", "box_office_top", "box_office_share", "archive_sync",
        "archive_status", "archive_query", "movie_details", "search_movies", "search_people", "person_details", "search_companies",
        "company_details", "code_list", "movie_poster", "api_quota",
    ]

    /// A call of every tool, with the command line that asks the CLI the same question.
    static var calls: [(tool: String, arguments: [String: Any], command: [String])] {
        [
            ("daily_box_office", ["date": "20230818", "limit": 5], ["daily", "--date", "20230818", "--limit", "5"]),
            ("weekly_box_office", ["date": "2023-08-13", "period": "weekend"], ["weekly", "--date", "2023-08-13", "--period", "weekend"]),
            ("movie_details", ["code": "20218541"], ["movie", "20218541"]),
            ("search_movies", ["title": "밀수"], ["search", "밀수"]),
            ("search_people", ["name": "봉준호"], ["people", "봉준호"]),
            ("person_details", ["code": "20164001"], ["person", "20164001"]),
            ("search_companies", ["name": "쇼박스"], ["companies", "쇼박스"]),
            ("company_details", ["code": "20060555"], ["company", "20060555"]),
            ("code_list", ["group": "regions"], ["codes", "regions"]),
            ("movie_poster", ["code": "20218541"], ["poster", "20218541"]),
            ("box_office_report", ["date": "20230818", "days": 3], ["report", "--date", "20230818", "--days", "3"]),
            (
                "movie_trend", ["code": "20218541", "from": "20230815", "to": "20230818"],
                ["trend", "20218541", "--from", "20230815", "--to", "20230818"]
            ),
            (
                "daily_box_office", ["from": "20230816", "to": "20230818", "limit": 2],
                ["daily", "--from", "20230816", "--to", "20230818", "--limit", "2"]
            ),
            (
                "box_office_top", ["from": "2023-08-11", "to": "2023-08-18", "limit": 3],
                ["top", "--from", "2023-08-11", "--to", "2023-08-18", "--limit", "3"]
            ),
            ("box_office_share", ["month": "2023-08", "by": "nation"], ["share", "--month", "2023-08", "--by", "nation"]),
            ("archive_status", [:], ["archive", "status"]),
            ("archive_query", ["sql": Self.archiveQuestion], ["archive", "sql", Self.archiveQuestion]),
            ("api_quota", [:], ["quota"]),
        ]
    }

    /// A question only the archive answers, as SQL.
    static let archiveQuestion = "SELECT title, SUM(audience) AS audience FROM daily_chart GROUP BY movie_code ORDER BY 2 DESC LIMIT 3"

    /// Failures a model can mend, with the command line that fails the same way (nil: no CLI twin)
    /// and the words the shell reads that the model reads otherwise.
    static var failures: [(tool: String, arguments: [String: Any], command: [String]?, words: [(shell: String, model: String)])] {
        [
            ("daily_box_office", ["date": "2023-02-30"], ["daily", "--date", "2023-02-30"], [("'--date'", "'date'")]),
            ("daily_box_office", ["region": "atlantis"], ["daily", "--region", "atlantis"], []),
            ("person_details", ["code": "99999999"], ["person", "99999999"], [("'boxoffice people <name>'", "'search_people'")]),
            ("daily_box_office", ["from": "20230818"], ["daily", "--from", "20230818"], [("--from", "from"), ("--to", "to")]),
            ("daily_box_office", ["limit": "ten"], nil, []),
            ("movie_details", ["code": "20218541", "format": "csv"], nil, []),
            ("archive_query", ["sql": "DELETE FROM daily_chart"], ["archive", "sql", "DELETE FROM daily_chart"], []),
        ]
    }

    /// The days of July 2023 asked for at once, each held until all have come, to show the calls overlap.
    static let concurrentDays = (1...10).map { String(format: "202307%02d", $0) }

    /// Charts of any day (those of July 2023 once all ten are asked for), the rest from the fixtures.
    static func apiServer() throws -> LoopbackServer {
        let together = ArrivalBarrier(count: MCPServer.concurrentCalls)
        return try LoopbackServer { request in
            guard request.path.hasSuffix("/searchDailyBoxOfficeList.json") else { return .recorded(request) }
            let day = request.query["targetDt"] ?? ""
            if day == stalledDay { return .unanswered(request) }
            let response = StubResponse.syntheticDay(request)
            return concurrentDays.contains(day) ? together.hold(response) : response
        }
    }

    static func state(_ server: LoopbackServer) -> BinaryRunner {
        BinaryRunner(kobisURL: server.baseURL, kakaoURL: server.baseURL)
    }

    /// What the SDK client saw in one session of the given mode.
    static func session(_ mode: String, plan: [String: Any], state: BinaryRunner) async throws -> [String: Any] {
        try #require(FileManager.default.isExecutableFile(atPath: TestTools.mcpPython), "\(missing)")
        let planFile = state.home.appendingPathComponent("plan-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: plan).write(to: planFile)
        let run = await (try state.start([script, BinaryRunner.binary.path, mode, planFile.path], executable: TestTools.mcpPython)).wait()
        try #require(run.status == 0, "the SDK session failed: \(run.stderr)")
        BinaryRunner.expectNoKey(run)
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func plan(_ calls: [(tool: String, arguments: [String: Any])]) -> [[String: Any]] {
        calls.map { ["name": $0.tool, "arguments": $0.arguments] }
    }

    /// JSON with its keys sorted, so two documents compare by content.
    static func canonical(_ value: Any?) throws -> String {
        let value = try #require(value)
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: missing)), arguments: ["auto", "legacy"])
    func sdkClientGetsTheCLIJSONFromEveryTool(mode: String) async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let state = Self.state(server)
        // The archive the archive tools read: a week of the fixtures.
        _ = try await state.run(["archive", "sync"] + ArchiveEndToEndTests.week + ["--replay", "Fixtures"])
        let concurrent = Self.concurrentDays.map { day in (tool: "daily_box_office", arguments: ["date": day] as [String: Any]) }
        let report = try await Self.session(
            mode,
            plan: [
                // Failures first and api_quota last, so the quota it shows is the CLI's after the session.
                "calls": Self.plan(Self.failures.map { ($0.tool, $0.arguments) }) + Self.plan(Self.calls.map { ($0.tool, $0.arguments) }),
                "concurrent": Self.plan(concurrent),
                // No attempt is given up and retried on a loaded machine: a retry beside the held
                // requests would count as a ninth at once.
                "server_args": ["--timeout", "300", "--retries", "0"],
            ], state: state)

        // The era: 2026-07-28 through server/discover, or the handshake's newest version.
        #expect(report["protocol_version"] as? String == (mode == "auto" ? "2026-07-28" : "2025-11-25"))
        #expect(report["server_name"] as? String == "boxoffice")
        #expect((report["instructions"] as? String)?.contains("KOBIS") == true)

        // The tools, each described for a model and marked as only reading.
        let tools = try #require(report["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == Self.toolNames)
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            #expect((tool["title"] as? String)?.isEmpty == false, "\(name)")
            #expect((tool["description"] as? String)?.contains("Example") == true, "\(name)")
            let input = tool["inputSchema"] as? [String: Any]
            #expect(input?["type"] as? String == "object" && input?["additionalProperties"] as? Bool == false, "\(name)")
            #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object", "\(name)")
            // Every tool reads but archive_sync, which spends calls; the archive's readers stay on this machine.
            let annotations = tool["annotations"] as? [String: Any]
            #expect(annotations?["readOnlyHint"] as? Bool == (name != "archive_sync"), "\(name)")
            #expect(annotations?["idempotentHint"] as? Bool == true, "\(name)")
            let local = ["box_office_top", "box_office_share", "archive_status", "archive_query"].contains(name)
            #expect(annotations?["openWorldHint"] as? Bool == !local, "\(name)")
        }
        // Each output schema is the one the tool's command declares beside its encoder.
        for (tool, listed) in zip(MCPTool.all, tools) {
            let declared = try JSONSerialization.jsonObject(with: Data(tool.outputSchema.serialized().utf8))
            #expect(try Self.canonical(listed["outputSchema"]) == (try Self.canonical(declared)), "\(tool.name)")
        }
        let daily = try #require(tools.first?["inputSchema"] as? [String: Any])
        let properties = try #require(daily["properties"] as? [String: [String: Any]])
        #expect(properties["nation"]?["enum"] as? [String] == ["korean", "foreign"])
        #expect((properties["date"]?["description"] as? String)?.contains("YYYYMMDD") == true)
        #expect(properties["limit"]?["type"] as? String == "integer")

        let results = try #require(report["calls"] as? [[String: Any]])
        try #require(results.count == Self.calls.count + Self.failures.count)

        let quota = try await state.run(["quota", "--format", "json"])

        // What the server fetched is in the cache the CLI reads: the same question costs no request.
        let requestsBefore = server.requestCount
        _ = try await state.run(Self.calls[0].command + ["--format", "json"])
        #expect(server.requestCount == requestsBefore, "the CLI asked again what the server had fetched")

        for (call, result) in zip(Self.calls, results.dropFirst(Self.failures.count)) {
            let cli = call.tool == "api_quota" ? quota : try await state.run(call.command + ["--format", "json"])
            #expect(cli.status == 0, "\(call.command): \(cli.stderr)")
            #expect(result["is_error"] as? Bool == false, "\(call.tool): \(result)")
            let printed = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8))
            // The structured content is an object: a range's list of charts comes inside "charts".
            let expected: Any = printed is [Any] ? ["charts": printed] : printed
            let structured = try Self.canonical(result["structured_content"])
            #expect(structured == (try Self.canonical(expected)), "\(call.tool) differs from `boxoffice \(call.command.joined(separator: " "))`")
            let text = try #require((result["texts"] as? [String])?.first)
            #expect(
                try Self.canonical(try JSONSerialization.jsonObject(with: Data(text.utf8))) == structured,
                "\(call.tool): the text block is not the same JSON")
        }

        for (failure, result) in zip(Self.failures, results) {
            #expect(result["is_error"] as? Bool == true, "\(failure.tool) \(failure.arguments): \(result)")
            let text = (result["texts"] as? [String])?.first ?? ""
            // The model is told what it can pass and call, never an option or a command line.
            #expect(!text.contains("--") && !text.contains("boxoffice "), "\(failure.tool) \(failure.arguments): \(text)")
            if let command = failure.command {
                let cli = try await state.run(command)
                let line = cli.stderr.split(separator: "\n").first.map { String($0.dropFirst("Error: ".count)) } ?? ""
                let inModelWords = failure.words.reduce(line) { $0.replacing($1.shell, with: $1.model) }
                #expect(text == inModelWords, "\(failure.tool) \(failure.arguments) says '\(text)', the CLI '\(line)'")
            } else {
                #expect(text.contains("'\(failure.arguments.keys.sorted().last ?? "")'"), "\(text)")
            }
        }

        // Every structured content this session saw is what its tool's outputSchema says.
        let answered =
            Array(zip(Self.calls.map(\.tool), results.dropFirst(Self.failures.count)))
            + Array(zip(concurrent.map(\.tool), report["concurrent"] as? [[String: Any]] ?? []))
        try await OutputSchemaCheck.expectValid(answered.compactMap { tool, result in result["structured_content"].map { (tool, $0) } }, state: state)

        let unknown = try #require(report["unknown_tool"] as? [String: Any], "an unknown tool was answered")
        #expect(unknown["code"] as? Int == -32602)

        // Ten calls at once, each answered with its own day: the first eight (the server's bound)
        // waited for one another's requests, the last two for a free place.
        let answers = try #require(report["concurrent"] as? [[String: Any]])
        #expect(answers.count == 10)
        for (call, answer) in zip(concurrent, answers) {
            let chart = answer["structured_content"] as? [String: Any]
            let day = try #require(call.arguments["date"] as? String)
            #expect(chart?["startDate"] as? String == "\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2))")
        }
        #expect(
            server.mostConcurrentRequests == MCPServer.concurrentCalls,
            "the ten calls overlapped up to the bound: \(server.mostConcurrentRequests) at most at once")
    }

    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: missing)))
    func sdkCancellationStopsACallAndTheServerGoesOn() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        // The stalled chart never comes, and the server's timeout is ten minutes: that the session
        // ends at all shows that neither the next call nor the server's exit waited for it.
        let report = try await Self.session(
            "auto",
            plan: [
                "server_args": ["--timeout", "600"],
                "stalled": ["name": "daily_box_office", "arguments": ["date": Self.stalledDay]],
                "cancel_after": 1.0,
                "after_cancel": ["name": "movie_details", "arguments": ["code": "20218541"]],
            ], state: Self.state(server))
        #expect(report["stalled_was_cancelled"] as? Bool == true)
        let after = try #require(report["after_cancel"] as? [String: Any])
        #expect(after["is_error"] as? Bool == false)
        try await OutputSchemaCheck.expectValid([("movie_details", try #require(after["structured_content"]))], state: Self.state(server))
    }

    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: missing)))
    func sdkPingIsAnsweredWhileACallWaitsForTheLedgerAnotherProcessHolds() async throws {
        let server = try Self.apiServer()
        let state = Self.state(server)
        let cache = state.home.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // The SDK pings only in the handshake era.
        let report = try await Self.session(
            "legacy",
            plan: [
                "server_args": ["--timeout", "600"],
                "held_by_ledger": [
                    "lock": cache.appendingPathComponent("quota.json.lock").path,
                    "call": ["name": "daily_box_office", "arguments": ["date": "20230818"]],
                ],
            ], state: state)
        #expect(report["call_reached_lock"] as? Bool == true, "the call never reached the ledger's lock")
        #expect(report["held_order"] as? [String] == ["ping", "call"], "the ping waited for the call")
        let call = try #require(report["held_call"] as? [String: Any])
        #expect(call["is_error"] as? Bool == false)
        #expect((call["structured_content"] as? [String: Any])?["startDate"] as? String == "2023-08-18")
    }
}
