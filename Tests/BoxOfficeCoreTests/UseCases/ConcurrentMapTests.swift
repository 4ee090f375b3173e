@testable import BoxOfficeCore
import Synchronization
import Testing

struct ConcurrentMapTests {
    /// How many inputs the transform was started for.
    final class Starts: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var total: Int { count.withLock { $0 } }
    }

    struct Unreachable: Error {}

    static func allFailed(_ completed: [Result<Int, any Error>], wave: Int) -> Bool {
        completed.count >= wave && completed.allSatisfy { if case .failure = $0 { true } else { false } }
    }

    @Test func aFirstWaveThatAllFailsStartsNoMore() async {
        let starts = Starts()
        // The failures arrive one by one, as timeouts from a dead server do.
        let results = await ConcurrentMap.run(Array(0..<10), limit: 4, giveUp: Self.allFailed) { (input: Int) async throws -> Int in
            starts.add()
            try await Task.sleep(for: .milliseconds(5 * (input + 1)))
            throw Unreachable()
        }
        #expect(starts.total == 4)
        #expect(results.count == 10)
        #expect(results.suffix(6).allSatisfy { if case .failure(let error) = $0 { error is NotSent } else { false } })
    }

    @Test func answersKeepTheRangeGoingAndFailuresLaterDoToo() async {
        let starts = Starts()
        let results = await ConcurrentMap.run(Array(0..<10), limit: 4, giveUp: Self.allFailed) { (input: Int) async throws -> Int in
            starts.add()
            try await Task.sleep(for: .milliseconds(2))
            if input == 0 || input >= 6 { throw Unreachable() }
            return input * 2
        }
        #expect(starts.total == 10)
        #expect(results.compactMap { try? $0.get() } == [2, 4, 6, 8, 10])
    }
}
