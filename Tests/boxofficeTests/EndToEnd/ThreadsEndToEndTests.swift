import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A run starts the threads its work needs and no more: with its request on the wire, a chart's
/// or a movie's run holds the network thread, which drives every transfer, and the thread that
/// takes the signals, beside the main thread, which reads the answer. (A range's days are read on
/// the shared pool, in parallel.) Counted while the server holds the request, so every thread it
/// needs has been made, then the run is ended with SIGTERM.
@Suite struct ThreadsEndToEndTests {
    @Test(arguments: [["daily", "--date", "20230818"], ["daily", "--date", "20230818", "--no-cache"], ["--lang", "ko", "movie", "20124079"]])
    func aRequestOnTheWireHoldsThreeThreads(_ arguments: [String]) async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(arguments + ["--timeout", "600", "--retries", "0"])
        try await server.waitForRequests(1, from: running)
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.processIdentifier)/task")
        kill(running.processIdentifier, SIGTERM)
        let run = await running.wait()
        #expect(threads.count == 3, "\(arguments): threads \(threads.sorted())")
        #expect(run.status == 143, "\(run.stderr)")
        #expect(server.requestCount == 1)
    }
}
