@testable import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Synchronization
import Testing

/// `boxoffice mcp`'s server in process: lines in through a stream the test feeds, lines out to a
/// stream the test reads, and a network the test holds, so that what happens while a call waits
/// is decided by the test and not by timing.
struct MCPServerTests {
    static let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    static let key = "KOBISKEY-inmemory-5c1e"

    /// A network whose every request waits until the test opens it, then gets the fixture day.
    final class HeldNetwork: Sendable {
        let arrived: AsyncStream<String>
        private let arrival: AsyncStream<String>.Continuation
        private let gate = AsyncGate()

        init() {
            (arrived, arrival) = AsyncStream.makeStream(of: String.self)
        }

        var network: Network {
            Network { [self] _, _ in Loader(owner: self) }
        }

        func open() { gate.open() }

        struct Loader: HTTPDataLoading {
            let owner: HeldNetwork
            func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
                owner.arrival.yield(request.url.absoluteString)
                await owner.gate.wait()
                let body = try Data(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json"))
                // The service echoes the key, as an error page might: it must not reach the client.
                let echoed = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "밀수", with: "밀수 \(MCPServerTests.key)")
                return (Data(echoed.utf8), HTTPResponse(url: request.url, statusCode: 200))
            }
        }
    }

    /// A server over in-memory lines: `send` feeds it, `answers` yields each line it writes, parsed.
    struct Session {
        let send: AsyncStream<MCPLineReader.Line>.Continuation
        let answers: AsyncStream<JSONValue>
        let served: Task<Void, Never>
        let folder: TemporaryFolder

        init(network: Network) throws {
            folder = TemporaryFolder("boxoffice-mcp-unit")
            let context = ProcessContext(
                variables: ["HOME": folder.url.path, "KOBIS_API_KEY": MCPServerTests.key], now: Date(), stdoutIsTerminal: false,
                stderrIsTerminal: false, readStandardInput: { _ in Data() }, log: { _ in })
            let paths = Paths(context)
            let state = CommandState(
                context: context, quota: QuotaLedger(file: paths.quotaFile), paths: paths, keys: KeyRing(KeyStore(context: context, paths: paths)),
                network: network)
            let command = try #require(
                try CommandCatalog.command(for: try CommandLineParser.parse(["mcp"]), today: context.today) as? MCPCommand)
            let (lines, send) = AsyncStream.makeStream(of: MCPLineReader.Line.self)
            let (answers, answer) = AsyncStream.makeStream(of: JSONValue.self)
            let server = command.server(in: state) { line in
                if let value = try? JSONParser.parse(Array(line.utf8)) { answer.yield(value) } else { answer.yield(.string(line)) }
                return true
            }
            self.send = send
            self.answers = answers
            served = Task {
                await server.serve(lines)
                answer.finish()
            }
        }

        func say(_ line: String) {
            send.yield(.text(Array(line.utf8)))
        }
    }

    static func id(_ answer: JSONValue) -> Int64? {
        if case .integer(let id)? = answer["id"] { return id }
        return nil
    }

    @Test func aPingIsAnsweredWhileACallWaitsOnTheNetworkAndTheCallAnswersAfter() async throws {
        let held = HeldNetwork()
        let session = try Session(network: held.network)
        var answers = session.answers.makeAsyncIterator()
        var arrivals = held.arrived.makeAsyncIterator()
        session.say(
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"daily_box_office","arguments":{"date":"20230818","limit":1},\#(Self.meta)}}"#
        )
        let url = try #require(await arrivals.next(), "the call reached the network")
        #expect(url.contains("targetDt=20230818") && url.contains(Self.key), "the key goes to its own service: \(url)")
        session.say(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{\#(Self.meta)}}"#)
        let first = try #require(await answers.next())
        #expect(Self.id(first) == 2, "the ping is answered while the call waits: \(first.serialized(compact: true))")
        held.open()
        let second = try #require(await answers.next())
        #expect(Self.id(second) == 1)
        let text = second.serialized(compact: true)
        #expect(text.contains("콘크리트 유토피아") && !text.contains(Self.key), "\(text)")
        session.send.finish()
        await session.served.value
    }

    @Test func anArchiveToolWithoutAnArchiveTellsTheModelWhoFillsItAndNoOption() async throws {
        let session = try Session(network: Network { _, _ in HeldNetwork.Loader(owner: HeldNetwork()) })
        session.say(
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"box_office_top","arguments":{"year":2023},\#(Self.meta)}}"#)
        session.send.finish()
        var answers = session.answers.makeAsyncIterator()
        let answer = try #require(await answers.next())
        let text = answer.serialized(compact: true)
        #expect(text.contains(#""isError":true"#), "\(text)")
        #expect(text.contains("No archive at ") && text.contains("archive_sync fills it") && !text.contains("--"), "\(text)")
    }

    @Test func badLinesAreAnsweredWithTheirErrorsAndTheServerKeepsServing() async throws {
        let session = try Session(network: Network { _, _ in HeldNetwork.Loader(owner: HeldNetwork()) })
        for line in [
            "not json", "[1]", #"{"jsonrpc":"2.0","id":3,"method":"no/such/method","params":{\#(Self.meta)}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{}}"#,
        ] {
            session.say(line)
        }
        session.send.yield(.tooLong(bytes: 5 << 20))
        session.say(#"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{\#(Self.meta)}}"#)
        session.send.finish()
        var codes: [Int64] = []
        var tools: [String] = []
        for await answer in session.answers {
            if case .integer(let code)? = answer["error"]?["code"] { codes.append(code) }
            if Self.id(answer) == 5, case .array(let listed)? = answer["result"]?["tools"] {
                tools = listed.compactMap { $0["name"]?.stringValue }
            }
        }
        // Parse error, invalid request, unknown method, no `_meta` on a stateless request, too long.
        #expect(codes == [-32700, -32600, -32601, -32602, -32600], "\(codes)")
        #expect(tools == MCPTool.all.map(\.name))
    }
}

/// A gate a task awaits without holding a thread, until the test opens it.
final class AsyncGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
