import BoxOfficeCore
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request the server received.
struct RecordedRequest: Sendable {
    let method: String
    /// The raw request target, query string included.
    let target: String
    let path: String
    /// Query parameters, percent-decoded.
    let query: [String: String]
    /// Headers with lower-cased names.
    let headers: [String: String]
    /// When the server had read it: a lower bound on the client's pauses between requests.
    let arrival: ContinuousClock.Instant
}

/// What the server sends back, and how badly it behaves while doing so.
struct StubResponse: Sendable {
    var status: Int = 200
    var headers: [String: String] = [:]
    var body = Data()
    /// Seconds to wait before sending anything: `.infinity` waits until the server stops.
    var delay: Double = 0
    /// When set, nothing is sent before it opens (after `delay`), or until the backstop passes.
    var heldBy: Gate?
    /// When set, the body goes out in pieces of `chunkSize` bytes with this pause between them.
    var chunkDelay: Double = 0
    var chunkSize = 64
    /// A Content-Length larger than the body, so the connection closes early.
    var declaredLength: Int?
    /// Close the connection without a byte of response.
    var closesWithoutResponse = false
    /// The body is sent this many times over, so a test can serve gigabytes from a megabyte.
    var repeats = 1
    /// Send no Content-Length: the body ends when the connection closes.
    var omitsLength = false

    static func json(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json;charset=UTF-8"], body: Data(text.utf8))
    }

    static func file(_ url: URL, status: Int = 200) throws -> StubResponse {
        let type = url.pathExtension == "html" ? "text/html;charset=UTF-8" : "application/json;charset=UTF-8"
        return StubResponse(status: status, headers: ["Content-Type": type], body: try Data(contentsOf: url))
    }

    /// A file under `Fixtures/`, or a 599 naming the missing file so the test fails loudly.
    static func redirect(to location: String, status: Int = 302) -> StubResponse {
        StubResponse(status: status, headers: ["Location": location])
    }

    static func fixture(_ relativePath: String, status: Int = 200) -> StubResponse {
        let url = BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
        return (try? file(url, status: status)) ?? .json(#"{"missingFixture":"\#(relativePath)"}"#, status: 599)
    }

    /// A server that never answers: the day's chart waits until the server stops, so only the
    /// client can end the request (by its timeout, a cancellation, a signal). A test using it
    /// stops its server, or the connection's thread waits for the rest of the test run.
    static func unanswered(_ request: RecordedRequest) -> StubResponse {
        var late = fixture("kobis/daily-20230818.json")
        late.delay = .infinity
        return late
    }
}

extension StubResponse {
    /// The 2023-08-18 chart relabelled as the requested day, for ranges of any length.
    static func syntheticDay(_ request: RecordedRequest) -> StubResponse {
        relabelled("kobis/daily-20230818.json", for: request)
    }

    /// A daily chart fixture whose `showRange` is made the requested day, as KOBIS would answer.
    static func relabelled(_ fixture: String, for request: RecordedRequest) -> StubResponse {
        let day = request.query["targetDt"] ?? ""
        var response = StubResponse.fixture(fixture)
        let text = String(decoding: response.body, as: UTF8.self)
        guard let range = text.range(of: #""showRange":"[0-9]{8}~[0-9]{8}""#, options: .regularExpression) else { return response }
        response.body = Data(text.replacingCharacters(in: range, with: #""showRange":"\#(day)~\#(day)""#).utf8)
        return response
    }
}

/// Counts events across the server's connection threads.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// The count before this call: 0 the first time.
    func next() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}

/// Hands out responses in order, repeating the last one.
final class ResponseSequence: Sendable {
    private let responses: [StubResponse]
    private let next = Mutex(0)

    init(_ responses: [StubResponse]) {
        self.responses = responses
    }

    func response(for _: RecordedRequest) -> StubResponse {
        let index = next.withLock { index in
            defer { index += 1 }
            return index
        }
        return responses.isEmpty ? StubResponse(status: 500) : responses[min(index, responses.count - 1)]
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, one thread per connection.
final class LoopbackServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) -> StubResponse
    private let log = Mutex(Log())
    private let stopped = Mutex(false)
    private let inFlight = Mutex((now: 0, most: 0))

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [RecordedRequest] { log.withLock { $0.requests } }
    var requestCount: Int { log.withLock { $0.requests.count } }
    /// The most requests the server was answering at one moment.
    var mostConcurrentRequests: Int { inFlight.withLock { $0.most } }

    init(handler: @escaping @Sendable (RecordedRequest) -> StubResponse) throws {
        self.handler = handler
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 64) == 0 else {
            close(socketFD)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        listener = socketFD
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A server answering every request from a sequence.
    convenience init(sequence: [StubResponse]) throws {
        let responses = ResponseSequence(sequence)
        try self.init(handler: responses.response(for:))
    }

    deinit {
        stop()
    }

    /// Stops accepting; connections in flight end their pauses early.
    func stop() {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = readRequest(connection) else { return }
        // How many earlier requests' connections the client still held open as this one came.
        let stillOpen = waiting.withLock { waiting in
            defer { waiting.append(connection) }
            return waiting.filter { !clientHasClosed($0) }.count
        }
        defer { waiting.withLock { $0.removeAll { $0 == connection } } }
        openAtArrival.withLock { $0.append(stillOpen) }
        let arrivals = log.withLock { log in
            log.requests.append(request)
            let count = log.requests.count
            defer { log.awaited.removeAll { $0.count <= count } }
            return log.awaited.filter { $0.count <= count }.map(\.arrival)
        }
        for arrival in arrivals { arrival.happen(()) }
        inFlight.withLock {
            $0.now += 1; $0.most = max($0.most, $0.now)
        }
        // In flight until its answer starts out: counted down before a byte of it is sent, so a
        // client that asks again once answered is never seen beside the request it replaces.
        var counted = true
        func answered() {
            guard counted else { return }
            counted = false
            inFlight.withLock { $0.now -= 1 }
        }
        defer { answered() }
        let response = handler(request)
        guard pause(response.delay, watching: connection), response.heldBy.map({ waitUntilOpen($0) }) ?? true else { return }
        answered()
        if response.closesWithoutResponse { return }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        if !response.omitsLength {
            headers["Content-Length"] = String(response.declaredLength ?? response.body.count * response.repeats)
        }
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard send(connection, Data(head.utf8)) else { return }
        if response.chunkDelay > 0 {
            var offset = 0
            while offset < response.body.count {
                let end = min(offset + response.chunkSize, response.body.count)
                guard send(connection, response.body.subdata(in: offset..<end)), pause(response.chunkDelay) else { return }
                offset = end
            }
        } else {
            for _ in 0..<response.repeats where !isStopped {
                guard send(connection, response.body) else { return }
            }
        }
        shutdown(connection, Int32(SHUT_WR))
    }

    /// Sleeps in small steps so `stop()` is not held up; false once stopped. The connection's own
    /// thread sleeps, never one of the pool.
    private func pause(_ seconds: Double, watching connection: Int32? = nil) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if isStopped { return false }
            if let connection, clientHasClosed(connection) {
                closes.happen()
                return false
            }
            Thread.sleep(forTimeInterval: min(0.01, max(end.timeIntervalSinceNow, 0)))
        }
        return !isStopped
    }

    /// Whether the client closed its end while it waited for the answer: the socket reads as
    /// ended (or reset), without taking anything it may still have to say.
    private func clientHasClosed(_ connection: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// Connections the client closed while their answer was held back, counted as they happen.
    let closes = Occurrences()

    /// The connections of requests not yet answered.
    private let waiting = Mutex<[Int32]>([])
    private let openAtArrival = Mutex<[Int]>([])

    /// For each request in the order they came, how many earlier ones the client still held
    /// open: a retry sent while its timed-out attempt still holds a connection counts one.
    var connectionsOpenAtEachArrival: [Int] { openAtArrival.withLock { $0 } }

    /// Waits, as `pause` does, until the gate opens or its backstop (the gate's) passes; false once stopped.
    private func waitUntilOpen(_ gate: Gate) -> Bool {
        let end = Date().addingTimeInterval(600)
        while !gate.isOpen, Date() < end {
            if isStopped { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return !isStopped
    }

    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let result = Glibc.send(connection, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                sent += result
            }
            return true
        }
    }

    private func readRequest(_ connection: Int32) -> RecordedRequest? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0, received.count < 65_536 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let headEnd = received.range(of: terminator),
            let head = String(data: received[..<headEnd.lowerBound], encoding: .utf8)
        else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(parts[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return RecordedRequest(
            method: String(parts[0]), target: target, path: components?.path ?? target, query: query, headers: headers, arrival: .now)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension StubResponse {
    /// The file in `Fixtures/` that `--replay Fixtures` would read for a request: the recording
    /// naming (`kobis/people-<peopleCd>`, `kobis/peoplelist-peopleNm=…`), computed from the request.
    /// Parameters in `ignoring` are left out of the name, for a test that checks they are sent
    /// but has no fixture of its own for them.
    static func recorded(_ request: RecordedRequest) -> StubResponse {
        recorded(request, ignoring: [])
    }

    static func recorded(_ request: RecordedRequest, ignoring: Set<String>) -> StubResponse {
        guard let route = EndpointRoute.of(path: request.path) else { return StubResponse(status: 404) }
        let parameters = request.query.filter { $0.key != "key" && !ignoring.contains($0.key) }.map { QueryParameter($0.key, $0.value) }
        return .fixture(RecordingName.fileName(for: route.recordingName(parameters)))
    }
}

extension LoopbackServer {
    /// What the server received, and the tests waiting for a number of requests.
    private struct Log {
        var requests: [RecordedRequest] = []
        var awaited: [(count: Int, arrival: Event<Void>)] = []
    }

    /// Returns once `count` requests have arrived in all, told by the server as each arrives: the
    /// one wait for a running binary to reach the server. Throws, saying how many came, if the
    /// backstop passes first, or if `running` (the binary that should send them) ends first.
    func waitForRequests(_ count: Int, from running: RunningBinary? = nil, seconds: Double = Backstop.seconds) async throws {
        let arrival = Event<Void>()
        let waits = log.withLock { log in
            guard log.requests.count < count else { return false }
            log.awaited.append((count, arrival))
            return true
        }
        guard waits else { return }
        if let running {
            Task {
                if await running.exit.value(within: seconds) != nil { arrival.happen(()) }
            }
        }
        try await arrival.value(waitingFor: "\(count) requests to reach the server (\(requestCount) did)", seconds: seconds)
        if let running, requestCount < count {
            let run = await running.wait()
            throw ToolFailure(description: "boxoffice ended (exit \(run.status)) after \(requestCount) of \(count) requests: \(run.stderr)")
        }
    }
}

/// Holds the answers of the responses that carry it until the test opens it; the connections'
/// own threads wait, never a thread of the pool.
final class Gate: Sendable {
    private let opened = Mutex(false)

    var isOpen: Bool { opened.withLock { $0 } }

    func open() {
        opened.withLock { $0 = true }
    }

    /// For a handler that holds its own answer: waits on the server's connection thread, never on
    /// one of the concurrency pool, until the test opens the gate. Its backstop only ends a hang:
    /// ten minutes, where a loaded machine takes seconds to reach `open()`, so that the answers a
    /// test holds back are never let go early and counted as more requests at once.
    func wait() {
        let deadline = Date().addingTimeInterval(600)
        while !isOpen, Date() < deadline { usleep(1_000) }
    }
}

/// Holds every request that passes it until `count` have: proof that they were in flight together,
/// where a delay on each would only make it likely. Should fewer come, they are answered when the
/// server's backstop passes, and `mostConcurrentRequests` tells.
final class ArrivalBarrier: Sendable {
    let count: Int
    private let arrivals = Counter()
    private let gate = Gate()

    init(count: Int) {
        self.count = count
    }

    /// Counts the request, and holds its answer until the rest have come.
    func hold(_ response: StubResponse) -> StubResponse {
        if arrivals.next() + 1 >= count { gate.open() }
        var held = response
        held.heldBy = gate
        return held
    }
}

extension LoopbackServer {
    /// Whether `count` requests arrived before the backstop, for tests that state it as an expectation.
    func arrivalOfRequests(_ count: Int, seconds: Double = Backstop.seconds) async -> Bool {
        (try? await waitForRequests(count, seconds: seconds)) != nil
    }
}

/// Something that happens again and again, counted, with waits for the n-th time.
final class Occurrences: Sendable {
    private let state = Mutex<(count: Int, waiting: [(count: Int, event: Event<Void>)])>((0, []))

    var count: Int { state.withLock { $0.count } }

    func happen() {
        let due = state.withLock { state -> [Event<Void>] in
            state.count += 1
            let count = state.count
            defer { state.waiting.removeAll { $0.count <= count } }
            return state.waiting.filter { $0.count <= count }.map(\.event)
        }
        for event in due { event.happen(()) }
    }

    /// Whether it had happened `count` times within `seconds` (a backstop, never a measure).
    func reached(_ count: Int, seconds: Double = Backstop.seconds) async -> Bool {
        let event = Event<Void>()
        let already = state.withLock { state -> Bool in
            if state.count >= count { return true }
            state.waiting.append((count, event))
            return false
        }
        if already { return true }
        return await event.value(within: seconds) != nil
    }
}
