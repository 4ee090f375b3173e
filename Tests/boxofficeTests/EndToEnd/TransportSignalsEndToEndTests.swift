import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM while an uncached request is on the wire, with each transport inside the
/// real binary: the signal's owner is the same whichever transport sends the request. The binary
/// is started from a worker thread of the test's concurrency pool, which blocks these signals, and
/// inherits that mask: the run takes them anyway (its signal thread unblocks them).
@Suite struct TransportSignalsEndToEndTests {
    static let daily = ["daily", "--date", "20230818"]

    struct EndingSignal: Sendable, CustomTestStringConvertible {
        let number: Int32
        let status: Int32
        let name: String
        var testDescription: String { name }
    }

    static let signals = [
        EndingSignal(number: SIGINT, status: 130, name: "SIGINT (Ctrl-C)"), EndingSignal(number: SIGTERM, status: 143, name: "SIGTERM"),
    ]

    @Test(arguments: TransportBinary.allCases, signals)
    func aSignalDuringAnUncachedRequestEndsTheRunWithItsCodeAndTheCallCounted(_ transport: TransportBinary, _ signal: EndingSignal) async throws {
        let binary = try await transport.url()
        // The server never answers and the timeout is ten minutes: only the signal can end the
        // run, with its own code (a timeout would be 75).
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(Self.daily + ["--timeout", "600", "--retries", "0"], executable: binary.path)
        try await server.waitForRequests(1, from: running)
        kill(running.processIdentifier, signal.number)
        let run = await running.wait()
        #expect(run.status == signal.status, "\(transport): \(run.stderr)")
        #expect(run.stderr == "Error: Stopped by \(signal.name); nothing was printed.\n", "\(transport)")
        #expect(run.stdout.isEmpty)

        let quota = try await state.run(["quota", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdout.utf8)) as? [String: Any], "\(quota.stderr)")
        let services = try #require(object["services"] as? [[String: Any]])
        let kobis = try #require(services.first { $0["service"] as? String == "kobis" })
        #expect(kobis["calls"] as? Int == 1, "the call on the wire stays counted: \(kobis)")

        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: state.home.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }
}
