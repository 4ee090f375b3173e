@testable import BoxOfficeCore
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// An app's view model calls the client from the main actor: the answer is read, checked and made
/// into a model elsewhere, so the main actor stays free to draw while a large answer is decoded.
/// The command line, whose only caller is its main thread, reads on that thread and starts none.
/// (Under `swift test` on Linux the main actor runs on a thread of its own, not the main thread, so
/// these tests ask the main actor itself.)
@MainActor
struct OffTheCallersActorTests {
    /// An endpoint whose check, run where the answer is read, waits until the main actor has run
    /// a task: were the answer read on the main actor, that task could not run until it was done,
    /// and the wait would end in failure instead (after a minute, never in a passing run).
    static func endpoint(waitingFor mainActorRan: DispatchSemaphore, reads: Reads) -> Endpoint<MovieInfoResponse> {
        endpoint { _ in
            reads.add()
            #expect(mainActorRan.wait(timeout: .now() + 60) == .success, "the main actor ran while the answer was read")
        }
    }

    static func endpoint(checking check: @escaping @Sendable (MovieInfoResponse) throws -> Void) -> Endpoint<MovieInfoResponse> {
        let movie = Endpoint<MovieInfoResponse>.movieInfo(code: "20226411")
        return Endpoint(
            service: .kobis, path: movie.path, parameters: movie.parameters, name: "movie", mainParameter: "movieCd", bodyName: "movie",
            freshness: .details, validate: check)
    }

    /// How many answers were read.
    final class Reads: Sendable {
        private let count = Atomic(0)
        func add() { count.add(1, ordering: .relaxed) }
        var total: Int { count.load(ordering: .relaxed) }
    }

    @Test func anAnswerFromTheNetworkAndOneFromTheCacheAreReadOffTheMainActor() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("off-actor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = StubLoader(body: try TestFiles.fixture("kobis/movie-20226411.json"))
        let client = BoxOfficeClient.testing(loader, cache: ResponseCache(directory: directory))
        let reads = Reads()
        for _ in 0..<2 {
            let mainActorRan = DispatchSemaphore(value: 0)
            Task { @MainActor in mainActorRan.signal() }
            _ = try await client.send(Self.endpoint(waitingFor: mainActorRan, reads: reads))
        }
        #expect(loader.requests.count == 1, "the second answer came from the cache")
        #expect(reads.total == 2)
    }

    @Test func theCommandLineReadsOnItsCallersExecutor() async throws {
        var client = BoxOfficeClient.testing(StubLoader(body: try TestFiles.fixture("kobis/movie-20226411.json")))
        client.decodesOnTheCallersExecutor = true
        let reads = Reads()
        // Traps, failing the run, anywhere but on the main actor.
        _ = try await client.send(Self.endpoint { _ in MainActor.assumeIsolated { reads.add() } })
        #expect(reads.total == 1)
    }

    @Test func aPublicQueryMakesItsModelOffTheMainActorAndHandsItBack() async throws {
        // A 7 MiB answer: the movie's staff list, long as a catalogue's.
        let body = try TestFiles.fixture("kobis/movie-20226411.json")
        var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var result = try #require(object["movieInfoResult"] as? [String: Any])
        var info = try #require(result["movieInfo"] as? [String: Any])
        info["staffs"] = (0..<80_000).map { ["peopleNm": "스태프 \($0)", "peopleNmEn": "Staff Member \($0)", "staffRoleNm": "조명"] }
        result["movieInfo"] = info
        object["movieInfoResult"] = result
        let large = try JSONSerialization.data(withJSONObject: object)
        #expect(large.count > 6 << 20)
        let movie = try await BoxOfficeClient.testing(StubLoader(body: large)).movie(code: "20226411")
        #expect(movie.staff.count == 80_000)
        MainActor.assertIsolated("the model comes back to the main actor")
    }
}
