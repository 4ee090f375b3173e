import Foundation
@testable import BoxOfficeApp
@testable import boxoffice
import Testing

/// `boxoffice mcp` fed what no SDK sends: broken JSON, batches, unknown methods, a 4 MiB line,
/// deep nesting, wrong types and a cancelled call. Every request is answered with an error or
/// an `isError` result, stdout holds nothing but JSON-RPC lines, and the server keeps serving.
struct MCPRawSessionEndToEndTests {
    static let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

    /// The server's answers to the lines, one JSON object each. Unless the options say otherwise,
    /// the calls in flight when stdin ends may take ten minutes (`--linger`), a clock no loaded
    /// machine exhausts: every call is answered, however slowly it runs.
    static func session(_ lines: [String], server: LoopbackServer, options: [String] = []) async throws -> [[String: Any]] {
        let state = BinaryRunner(kobisURL: server.baseURL, kakaoURL: server.baseURL)
        let linger = options.contains("--linger") ? [] : ["--linger", "600"]
        let run = try await state.run(["mcp"] + options + linger, stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        BinaryRunner.expectNoKey(run)
        var answers: [[String: Any]] = []
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let answer = try #require(object, "not a JSON-RPC object on stdout: \(line.prefix(200))")
            #expect(answer["jsonrpc"] as? String == "2.0")
            answers.append(answer)
        }
        #expect(run.stdout.isEmpty || run.stdout.hasSuffix("\n"))
        // Every structured content is what its tool's outputSchema says.
        var tools: [Int: String] = [:]
        for line in lines {
            let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let id = request?["id"] as? Int, let name = (request?["params"] as? [String: Any])?["name"] as? String { tools[id] = name }
        }
        let results = answers.compactMap { answer -> (tool: String, structuredContent: Any)? in
            guard let id = answer["id"] as? Int, let tool = tools[id], let content = (answer["result"] as? [String: Any])?["structuredContent"] else {
                return nil
            }
            return (tool, content)
        }
        if !results.isEmpty, TestTools.runsMCPTests { try await OutputSchemaCheck.expectValid(results, state: state) }
        return answers
    }

    static func answer(_ answers: [[String: Any]], id: Int) -> [String: Any]? {
        answers.first { $0["id"] as? Int == id }
    }

    static func errorCode(_ answer: [String: Any]?) -> Int? {
        (answer?["error"] as? [String: Any])?["code"] as? Int
    }

    static func apiServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.query["targetDt"] == "20230601" ? .unanswered(request) : .syntheticDay(request)
        }
    }

    @Test func handshakeSessionAnswersEveryBadLineAndKeepsServing() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let huge = String(repeating: "가", count: 4 << 20 / 3 + 1)
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":3,"method""#,
            "[]",
            #"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"movie_details","arguments":{"code":"\#(huge)"}}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"daily_box_office","arguments":"#
                + String(repeating: "[", count: 100_000),
            #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"limit":"ten"}}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"daily_box_office","arguments":[1]}}"#,
            #"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#,
            #"{"jsonrpc":"1.0","id":10,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"20230601"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":11,"reason":"test"}}"#,
            #"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"20230818","limit":1}}}"#,
            #"{"jsonrpc":"2.0","id":13,"method":"ping"}"#,
        ]
        // The cancelled call's chart never comes, and the timeout is ten minutes: that the session
        // ends at all shows that the end of stdin was not held up by it.
        let answers = try await Self.session(lines, server: server, options: ["--timeout", "600"])

        let initialize = Self.answer(answers, id: 1)?["result"] as? [String: Any]
        #expect(initialize?["protocolVersion"] as? String == "2024-11-05", "the offered version is echoed")
        #expect((initialize?["capabilities"] as? [String: Any])?["tools"] != nil)
        #expect((Self.answer(answers, id: 2)?["result"] as? [String: Any])?.isEmpty == true, "ping answers {}")
        let nullIDErrors = answers.filter { $0["id"] is NSNull }.compactMap(Self.errorCode)
        #expect(nullIDErrors.filter { $0 == -32700 }.count == 2, "the broken line and the deep nesting: \(nullIDErrors)")
        #expect(nullIDErrors.filter { $0 == -32600 }.count == 3, "the batch, the 4 MiB line and the object id: \(nullIDErrors)")
        #expect(Self.errorCode(Self.answer(answers, id: 4)) == -32601)
        #expect(Self.errorCode(Self.answer(answers, id: 5)) == -32602)
        let wrongType = Self.answer(answers, id: 8)?["result"] as? [String: Any]
        #expect(wrongType?["isError"] as? Bool == true)
        #expect(Self.errorCode(Self.answer(answers, id: 9)) == -32602, "arguments that are not an object")
        #expect(Self.errorCode(Self.answer(answers, id: 10)) == -32600)
        #expect(Self.answer(answers, id: 11) == nil, "a cancelled call is not answered")
        let chart = (Self.answer(answers, id: 12)?["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect(chart?["startDate"] as? String == "2023-08-18", "the server kept serving")
        #expect((Self.answer(answers, id: 13)?["result"] as? [String: Any]) != nil)
        #expect(answers.count == lines.count - 3, "every request answered once: \(answers.count)")
    }

    /// A call stuck on a server that never answers does not keep the server once stdin closes:
    /// after `--linger` it is stopped and answered with an error saying so, and the server exits 0.
    /// (The request's own timeout is ten minutes: that the session ends at all shows it was not
    /// waited for.)
    @Test func aStuckCallIsStoppedAndAnsweredOnceTheInputEnds() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"20230601"}}}"#,
        ]
        let answers = try await Self.session(lines, server: server, options: ["--timeout", "600", "--linger", "0.1"])
        let stopped = Self.answer(answers, id: 2)?["error"] as? [String: Any]
        #expect(stopped?["code"] as? Int == -32603, "\(answers)")
        #expect((stopped?["message"] as? String)?.contains("The input ended") == true, "\(answers)")
    }

    @Test func statelessSessionChecksEveryRequestsVersion() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"server/discover","params":{\#(Self.meta)}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{\#(Self.meta)}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{\#(Self.meta),"name":"daily_box_office","arguments":{"date":"2023-08-18"}}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"prompts/list","params":{\#(Self.meta)}}"#,
        ]
        let answers = try await Self.session(lines, server: server)
        #expect(Self.errorCode(Self.answer(answers, id: 1)) == -32602, "no _meta")
        let unsupported = Self.answer(answers, id: 2)?["error"] as? [String: Any]
        #expect(unsupported?["code"] as? Int == -32022)
        let data = unsupported?["data"] as? [String: Any]
        #expect(data?["supported"] as? [String] == ["2026-07-28"])
        #expect(data?["requested"] as? String == "1900-01-01")
        #expect(Self.errorCode(Self.answer(answers, id: 3)) == -32602, "no client capabilities")
        let discovery = try #require(Self.answer(answers, id: 4)?["result"] as? [String: Any])
        #expect(discovery["resultType"] as? String == "complete")
        #expect(discovery["supportedVersions"] as? [String] == ["2026-07-28"])
        #expect(discovery["ttlMs"] is Int && discovery["cacheScope"] as? String == "public")
        #expect((discovery["_meta"] as? [String: Any])?["io.modelcontextprotocol/serverInfo"] != nil)
        #expect(discovery["instructions"] is String && discovery["capabilities"] is [String: Any])
        let list = try #require(Self.answer(answers, id: 5)?["result"] as? [String: Any])
        #expect(list["resultType"] as? String == "complete" && list["ttlMs"] is Int && list["cacheScope"] is String)
        #expect((list["tools"] as? [Any])?.count == MCPTool.all.count)
        let call = try #require(Self.answer(answers, id: 6)?["result"] as? [String: Any])
        #expect(call["resultType"] as? String == "complete" && call["isError"] as? Bool == false)
        #expect(Self.errorCode(Self.answer(answers, id: 7)) == -32022, "the era is settled: a handshake now names the versions")
        #expect(Self.errorCode(Self.answer(answers, id: 8)) == -32601)
    }

    @Test func aRangeCallWithAProgressTokenHearsEachDayBeforeItsAnswer() async throws {
        let server = try Self.apiServer()
        defer { server.stop() }
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"from":"20230815","to":"20230818"},"_meta":{"progressToken":"days"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"from":"20230801","to":"20230803"}}}"#,
        ]
        let answers = try await Self.session(lines, server: server)
        let notes = answers.filter { $0["method"] as? String == "notifications/progress" }.compactMap { $0["params"] as? [String: Any] }
        #expect(notes.count == 4, "one a day of the range that asked, none for the one that did not: \(notes)")
        #expect(notes.allSatisfy { $0["progressToken"] as? String == "days" && $0["total"] as? Int == 4 })
        #expect(notes.compactMap { $0["progress"] as? Int } == [1, 2, 3, 4])
        let answered = try #require(answers.firstIndex { $0["id"] as? Int == 2 })
        let lastNote = try #require(answers.lastIndex { ($0["params"] as? [String: Any])?["progressToken"] as? String == "days" })
        #expect(lastNote < answered, "progress comes before the answer")
        #expect((Self.answer(answers, id: 2)?["result"] as? [String: Any])?["isError"] as? Bool == false)
    }
}

extension MCPRawSessionEndToEndTests {
    @Test func aRangeCallThatKeepsGoingAnswersWithWhatArrivedAndSaysWhatDidNot() async throws {
        let server = try LoopbackServer { request in
            request.query["targetDt"] == "20230803" ? StubResponse(status: 500) : .syntheticDay(request)
        }
        defer { server.stop() }
        let range = #""from":"2023-08-01","to":"2023-08-04""#
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"daily_box_office","arguments":{\#(range),"keep-going":true},\#(Self.meta)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"daily_box_office","arguments":{\#(range)},\#(Self.meta)}}"#,
        ]
        let answers = try await Self.session(lines, server: server)
        let kept = try #require(Self.answer(answers, id: 1)?["result"] as? [String: Any], "\(answers)")
        #expect(kept["isError"] as? Bool == false)
        let charts = try #require((kept["structuredContent"] as? [String: Any])?["charts"] as? [[String: Any]])
        #expect(charts.map { $0["missing"] as? Bool ?? false } == [false, false, true, false])
        let texts = (kept["content"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
        #expect(texts.count == 2 && texts[1].contains("1 of 4 charts failed and are missing (2023-08-03)"), "\(texts)")
        let whole = try #require(Self.answer(answers, id: 2)?["result"] as? [String: Any])
        #expect(whole["isError"] as? Bool == true, "without keep-going a range is all or nothing")
    }
}
