import BoxOfficeApp
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Model Context Protocol over lines of JSON-RPC 2.0. Both eras are spoken, decided once per
/// process by the first request that is served: `initialize` opens the handshake era
/// (2024-11-05 … 2025-11-25); a request whose `_meta` names 2026-07-28 opens the stateless era,
/// where every request carries its version and capabilities.
///
/// The actor only reads, dispatches and hands lines to `MCPOutput`: a tool call's work runs on a
/// `CallLane` of its own, never here, and writing happens on the output's thread, so `ping`,
/// `notifications/cancelled` and every other request are handled at once whatever the calls in
/// flight are doing (a big answer being made, a lock or a file that blocks). Calls run
/// `concurrentCalls` at a time and are answered as each is ready; the rest wait their turn in
/// order of arrival. `notifications/cancelled` silences a running call's answer and stops its
/// work, and takes a waiting call out of the queue before it starts.
actor MCPServer {
    enum Era: Equatable {
        case undecided
        case handshake(version: String)
        case stateless
    }

    static let statelessVersion = "2026-07-28"
    static let handshakeVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// How long a client may keep `server/discover` and `tools/list`: they change only with the binary.
    static let listLifetimeMilliseconds = 3_600_000

    static let instructions = """
        Korea's official box office (KOBIS, the Korean Film Council) and movie posters (Kakao). \
        Days are Korean days (Asia/Seoul); dates are YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd. \
        Charts and searches give KOBIS codes that movie_details, person_details, company_details, movie_poster \
        and movie_trend take. Settled days are cached, so asking again costs no quota; api_quota tells what is left today. \
        Up to \(concurrentCalls) tool calls run at once; more wait their turn.
        """

    /// How many tool calls run at once. A call is one command, and a range already fetches
    /// `--jobs` days at once, so a few calls keep KOBIS as busy as it should be; eight is more
    /// than an assistant asks at once, and keeps the threads, sockets and memory of the calls in
    /// flight bounded (a thousand calls once took a thousand threads and three thousand
    /// descriptors, and under a limit of 1,024 descriptors two thirds of them failed).
    static let concurrentCalls = 8

    /// A `tools/call` between its arrival and its answer.
    private struct Call: Sendable {
        /// Tells this call from a later one that reuses its id.
        let serial: Int
        let id: JSONValue
        let tool: MCPTool
        let arguments: JSONValue?
        let stateless: Bool
        let progress: (@Sendable (Int, Int) async -> Void)?
    }

    private enum Stage {
        case waiting(Call)
        case running(serial: Int, id: JSONValue, Task<Void, Never>)

        var id: JSONValue {
            switch self {
            case .waiting(let call): call.id
            case .running(_, let id, _): id
            }
        }
    }

    private var era = Era.undecided
    /// Every call not answered yet, by its id's key.
    private var calls: [String: Stage] = [:]
    /// The keys of the waiting calls, first come first.
    private var arrivals: [String] = []
    /// The lanes no call is running on.
    private var freeLanes = (1...MCPServer.concurrentCalls).map { CallLane(number: $0) }
    /// The serial of the last call received.
    private var lastSerial = 0
    private let runner: MCPToolRunner
    private let output: MCPOutput
    /// The tools it offers: every one, or (`mcp --read-only`) those that spend no call to write.
    private let tools: [MCPTool]
    /// How long calls in flight when the input ends may still take.
    private let linger: Double

    /// A server whose lines `send` writes to stdout, returning false once the reader has gone.
    init(runner: MCPToolRunner, readOnly: Bool = false, linger: Double = MCPServer.lingerSeconds, send: @escaping @Sendable (String) -> Bool) {
        self.runner = runner
        self.linger = linger
        tools = MCPTool.all(readOnly: readOnly)
        output = MCPOutput(send: send)
    }

    /// Serves until the input ends (or nobody reads the answers).
    func serve(_ lines: AsyncStream<MCPLineReader.Line>) async {
        for await line in lines {
            if output.readerGone { break }
            switch line {
            case .text(let bytes):
                receive(bytes)
            case .tooLong(let count):
                reply(id: .null, error: .invalidRequest("the message is \(count) bytes; at most \(MCPLineReader.longestLine) are read"))
            }
        }
        // Calls asked before the input ended are still answered, for a little while: a script
        // that pipes its requests in gets its answers, and a client closing the input (which
        // waits two seconds before it ends the server, as the MCP SDKs do) sees the server go
        // of itself, whatever a call is stuck on.
        if !isIdle, !output.readerGone {
            await withCheckedContinuation { continuation in
                drained = continuation
                Task {
                    try? await Task.sleep(for: .seconds(self.linger))
                    self.stopWaiting()
                }
            }
        }
        // What is still unanswered is stopped, and says so.
        for (_, stage) in calls.sorted(by: { $0.key < $1.key }) {
            if case .running(_, _, let task) = stage { task.cancel() }
            reply(id: stage.id, error: .inputEnded(linger))
        }
        calls = [:]
        await output.flush()
    }

    /// How long calls in flight when the input ends may still take, unless `--linger` says: less
    /// than the two seconds an MCP SDK waits for a server to exit once it has closed its input.
    static let lingerSeconds = 1.5

    private var drained: CheckedContinuation<Void, Never>?

    private func stopWaiting() {
        drained?.resume()
        drained = nil
    }

    private func receive(_ bytes: [UInt8]) {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            return reply(id: .null, error: .parse(error.reason))
        }
        guard message.isObject else {
            return reply(id: .null, error: .invalidRequest("a message is one JSON object (batches are not part of MCP)"))
        }
        let id = message["id"]
        let validID: JSONValue? =
            switch id {
            case .string?, .integer?: id
            default: nil
            }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return reply(id: validID ?? .null, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard let method = message["method"]?.stringValue else {
            // A response from the client: this server sends no requests, so nothing waits for one.
            if message["result"] != nil || message["error"] != nil { return }
            return reply(id: validID ?? .null, error: .invalidRequest("no method"))
        }
        let params = message["params"]
        if let params, !params.isObject, !params.isNull {
            return reply(id: validID ?? .null, error: .invalidParams("'params' must be an object"))
        }
        guard id != nil else { return notice(method, params: params) }
        guard let validID else { return reply(id: .null, error: .invalidRequest("'id' must be a string or an integer")) }
        do {
            try request(method, params: params, id: validID)
        } catch let error as RPCError {
            reply(id: validID, error: error)
        } catch {
            reply(id: validID, error: RPCError(code: -32603, message: "Internal error."))
        }
    }

    private func notice(_ method: String, params: JSONValue?) {
        switch method {
        case "notifications/cancelled":
            guard let requestID = params?["requestId"], let key = Self.key(requestID), let stage = calls.removeValue(forKey: key) else { return }
            switch stage {
            case .waiting: arrivals.removeAll { $0 == key }
            case .running(_, _, let task): task.cancel()
            }
            Signals.callsUnanswered.subtract(1, ordering: .releasing)
            if calls.isEmpty { stopWaiting() }
        default:
            // notifications/initialized and anything else: nothing to do.
            break
        }
    }

    private func request(_ method: String, params: JSONValue?, id: JSONValue) throws {
        if method == "initialize" { return try initialize(params: params, id: id) }
        if case .handshake = era {
            switch method {
            case "ping": return reply(id: id, result: .object([]))
            case "tools/list": return reply(id: id, result: toolList(stateless: false))
            case "tools/call": return try callTool(params: params, id: id, stateless: false)
            default: throw RPCError.methodNotFound(method)
            }
        }
        // The stateless era: every request says which version it speaks and what the client can do.
        guard let meta = params?["_meta"], meta.isObject, let requested = meta[Self.versionKey] else {
            throw RPCError.invalidParams("'_meta' must hold \(Self.versionKey) and \(Self.capabilitiesKey) (or begin with 'initialize')")
        }
        guard requested.stringValue == Self.statelessVersion else {
            throw RPCError.unsupportedVersion(requested, supported: [Self.statelessVersion])
        }
        guard meta[Self.capabilitiesKey]?.isObject == true else {
            throw RPCError.invalidParams("'_meta' must hold \(Self.capabilitiesKey)")
        }
        switch method {
        case "server/discover":
            era = .stateless
            reply(id: id, result: discovery)
        case "tools/list":
            era = .stateless
            reply(id: id, result: toolList(stateless: true))
        case "tools/call":
            era = .stateless
            try callTool(params: params, id: id, stateless: true)
        case "ping":
            era = .stateless
            reply(id: id, result: .object([("resultType", .string("complete"))]))
        default:
            throw RPCError.methodNotFound(method)
        }
    }

    private func initialize(params: JSONValue?, id: JSONValue) throws {
        if era == .stateless {
            throw RPCError.unsupportedVersion(params?["protocolVersion"] ?? .null, supported: [Self.statelessVersion])
        }
        let offered = params?["protocolVersion"]?.stringValue
        let version = offered.flatMap { Self.handshakeVersions.contains($0) ? $0 : nil } ?? Self.handshakeVersions[Self.handshakeVersions.count - 1]
        era = .handshake(version: version)
        reply(
            id: id,
            result: .object([
                ("protocolVersion", .string(version)),
                ("capabilities", capabilities),
                ("serverInfo", serverInfo),
                ("instructions", .string(Self.instructions)),
            ]))
    }

    private var capabilities: JSONValue { .object([("tools", .object([("listChanged", .bool(false))]))]) }

    private var serverInfo: JSONValue {
        .object([("name", .string("boxoffice")), ("title", .string("boxoffice: Korea's box office")), ("version", .string(BoxOfficeClient.version))])
    }

    private var discovery: JSONValue {
        .object([
            ("resultType", .string("complete")),
            ("supportedVersions", .array([.string(Self.statelessVersion)])),
            ("capabilities", capabilities),
            ("instructions", .string(Self.instructions)),
            ("_meta", .object([(Self.serverInfoKey, serverInfo)])),
            ("ttlMs", .integer(Self.listLifetimeMilliseconds)),
            ("cacheScope", .string("public")),
        ])
    }

    private func toolList(stateless: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("tools", .array(tools.map(\.definition)))]
        if stateless {
            members =
                [("resultType", .string("complete"))] + members
                + [("ttlMs", .integer(Self.listLifetimeMilliseconds)), ("cacheScope", .string("public"))]
        }
        return .object(members)
    }

    private func callTool(params: JSONValue?, id: JSONValue, stateless: Bool) throws {
        guard let name = params?["name"]?.stringValue else { throw RPCError.invalidParams("tools/call needs the tool's 'name'") }
        guard let tool = tools.first(where: { $0.name == name }) else { throw RPCError.invalidParams("unknown tool '\(name)'") }
        let arguments = params?["arguments"]
        if let arguments, !arguments.isObject, !arguments.isNull { throw RPCError.invalidParams("'arguments' must be an object") }
        guard let key = Self.key(id) else { return }
        guard calls[key] == nil else { throw RPCError.invalidRequest("request \(key.dropFirst(2)) is still running") }
        lastSerial += 1
        let serial = lastSerial
        // A client that gave a progress token hears how far a range has come.
        let progress: (@Sendable (Int, Int) async -> Void)? = params?["_meta"]?["progressToken"].flatMap { token in
            guard Self.key(token) != nil else { return nil }
            return { [weak self] done, total in await self?.notifyProgress(of: key, serial: serial, token: token, done: done, total: total) }
        }
        calls[key] = .waiting(Call(serial: serial, id: id, tool: tool, arguments: arguments, stateless: stateless, progress: progress))
        arrivals.append(key)
        Signals.callsUnanswered.add(1, ordering: .releasing)
        startWaitingCalls()
    }

    /// Starts waiting calls, first come first, on the lanes that are free.
    private func startWaitingCalls() {
        while !freeLanes.isEmpty, !arrivals.isEmpty {
            let key = arrivals.removeFirst()
            guard case .waiting(let call)? = calls[key] else { continue }
            let lane = freeLanes.removeLast()
            let runner = self.runner
            let output = self.output
            let task = Task(executorPreference: lane) {
                let line = await Self.answer(to: call, runner: runner)
                if await self.finish(key, serial: call.serial) { await output.write(callAnswer: line) }
                await self.free(lane)
            }
            calls[key] = .running(serial: call.serial, id: call.id, task)
        }
    }

    /// A call's answer, the line as written: made on the call's lane, since a nonisolated
    /// function otherwise runs on its caller's executor, and that is this actor.
    @concurrent
    private static func answer(to call: Call, runner: MCPToolRunner) async -> String {
        var result = await runner.call(call.tool, arguments: call.arguments, progress: call.progress)
        if call.stateless, case .object(let members) = result { result = .object([("resultType", .string("complete"))] + members) }
        return line(.object([("jsonrpc", .string("2.0")), ("id", call.id), ("result", result)]))
    }

    /// Tells the client how far a call has come, while it runs: once it is cancelled (or
    /// answered) it says nothing more, though its work may still be winding down.
    private func notifyProgress(of key: String, serial: Int, token: JSONValue, done: Int, total: Int) {
        guard case .running(serial, _, _)? = calls[key] else { return }
        let params: JSONValue = .object([("progressToken", token), ("progress", .integer(Int64(done))), ("total", .integer(Int64(total)))])
        output.write(
            .notification(Self.line(.object([("jsonrpc", .string("2.0")), ("method", .string("notifications/progress")), ("params", params)]))))
    }

    /// Ends a call that has its answer; whether the answer is still wanted (a cancelled request
    /// gets none).
    private func finish(_ key: String, serial: Int) -> Bool {
        guard case .running(serial, _, _)? = calls[key] else { return false }
        calls[key] = nil
        return true
    }

    /// Gives a lane to the next waiting call, once its call's work has ended and its answer is
    /// written.
    private func free(_ lane: CallLane) {
        freeLanes.append(lane)
        startWaitingCalls()
        if isIdle { stopWaiting() }
    }

    /// No call waits, runs or has an answer still to write: a call that has its answer has left
    /// `calls` but holds its lane until the answer is queued and written.
    private var isIdle: Bool {
        calls.isEmpty && freeLanes.count == MCPServer.concurrentCalls
    }

    private func reply(id: JSONValue, result: JSONValue) {
        output.write(.reply(Self.line(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))))
    }

    private func reply(id: JSONValue, error: RPCError) {
        output.write(.reply(Self.line(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)]))))
    }

    /// A message as one line: compact JSON escapes every newline inside strings.
    private static func line(_ message: JSONValue) -> String {
        message.serialized(compact: true) + "\n"
    }

    /// A request id as a dictionary key: `1` and `"1"` are different requests.
    private static func key(_ id: JSONValue) -> String? {
        switch id {
        case .string(let text): "s:" + text
        case .integer(let number): "i:" + String(number)
        default: nil
        }
    }
}
