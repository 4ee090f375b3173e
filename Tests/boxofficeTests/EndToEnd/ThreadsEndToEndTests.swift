import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A run starts the threads its work needs and no more: with requests on the wire, the network
/// thread that drives them all and the thread that takes the signals, beside the main thread,
/// which reads every answer. Counted while the server holds the requests, so every thread the
/// requests need has been made, then the run is ended with SIGTERM.
@Suite struct ThreadsEndToEndTests {
    @Test(arguments: [["daily", "--date", "20230818"], ["daily", "--from", "20230801", "--to", "20230807", "--jobs", "4"]])
    func requestsOnTheWireHoldThreeThreads(_ arguments: [String]) async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(arguments + ["--timeout", "600", "--retries", "0"])
        let onTheWire = arguments.contains("--jobs") ? 4 : 1
        try await server.waitForRequests(onTheWire, from: running)
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.processIdentifier)/task")
        kill(running.processIdentifier, SIGTERM)
        let run = await running.wait()
        #expect(threads.count == 3, "\(arguments): threads \(threads.sorted())")
        #expect(run.status == 143, "\(run.stderr)")
        #expect(server.requestCount == onTheWire, "no request beyond the jobs went out")
    }
}
