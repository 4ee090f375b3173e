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

    /// A door an input waits at until the test opens it, without holding a thread.
    final class Gate: Sendable {
        private let state = Mutex<(isOpen: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

        func wait() async {
            await withCheckedContinuation { continuation in
                let openAlready = state.withLock { state in
                    if state.isOpen { return true }
                    state.waiter = continuation
                    return false
                }
                if openAlready { continuation.resume() }
            }
        }

        func open() {
            let waiter = state.withLock { state in
                state.isOpen = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    struct Unreachable: Error {}
    struct WriteFailed: Error {}

    static func allFailed(_ completed: [(any Error)?], wave: Int) -> Bool {
        completed.count >= wave && completed.allSatisfy { $0 != nil }
    }

    /// Every result in the order they were handed on.
    static func collect(
        _ inputs: [Int], limit: Int, ahead: Int? = nil, giveUp: ([(any Error)?], Int) -> Bool = { _, _ in false },
        _ transform: @escaping @Sendable (Int) async throws -> Int
    ) async -> [(index: Int, result: Result<Int, any Error>)] {
        var handedOn: [(index: Int, result: Result<Int, any Error>)] = []
        await ConcurrentMap.forEach(inputs, limit: limit, ahead: ahead, giveUp: giveUp, transform) { index, result in
            handedOn.append((index, result))
        }
        return handedOn
    }

    @Test func aFirstWaveThatAllFailsStartsNoMore() async {
        let starts = Starts()
        // The failures arrive one by one, as timeouts from a dead server do.
        let results = await Self.collect(Array(0..<10), limit: 4, giveUp: Self.allFailed) { input in
            starts.add()
            try await Task.sleep(for: .milliseconds(5 * (input + 1)))
            throw Unreachable()
        }
        #expect(starts.total == 4)
        #expect(results.map(\.index) == Array(0..<10))
        #expect(results.suffix(6).allSatisfy { if case .failure(let error) = $0.result { error is NotSent } else { false } })
    }

    @Test func answersKeepTheRangeGoingAndFailuresLaterDoToo() async {
        let starts = Starts()
        let results = await Self.collect(Array(0..<10), limit: 4, giveUp: Self.allFailed) { input in
            starts.add()
            try await Task.sleep(for: .milliseconds(2))
            if input == 0 || input >= 6 { throw Unreachable() }
            return input * 2
        }
        #expect(starts.total == 10)
        #expect(results.compactMap { try? $0.result.get() } == [2, 4, 6, 8, 10])
    }

    @Test func resultsAreHandedOnInInputOrderWhateverOrderTheyFinishIn() async {
        // The later inputs answer first.
        let results = await Self.collect(Array(0..<12), limit: 4) { input in
            try await Task.sleep(for: .milliseconds(12 - input))
            return input * 10
        }
        #expect(results.map(\.index) == Array(0..<12))
        #expect(results.compactMap { try? $0.result.get() } == Array(0..<12).map { $0 * 10 })
    }

    /// While the first input is slow, the others it holds back are only those within `ahead` of
    /// it: with nothing handed on, no input past the fourth may start.
    @Test func aSlowFirstInputHoldsBackNoMoreThanAheadOthers() async {
        let gate = Gate()
        let handedOn = Mutex(0)
        let startedTooFarAhead = Mutex<[Int]>([])
        var completions = 0
        var order: [Int] = []
        await ConcurrentMap.forEach(
            Array(0..<10), limit: 4, ahead: 4,
            giveUp: { _, _ in
                // Called as each completion is taken in: once three others are in, the first may
                // answer. Without the window, the loop would by now have started more.
                completions += 1
                if completions == 3 { gate.open() }
                return false
            }
        ) { input in
            if input >= handedOn.withLock({ $0 }) + 4 { startedTooFarAhead.withLock { $0.append(input) } }
            if input == 0 { await gate.wait() }
            return input
        } receive: { index, _ in
            order.append(index)
            handedOn.withLock { $0 += 1 }
        }
        #expect(order == Array(0..<10))
        #expect(startedTooFarAhead.withLock { $0 }.isEmpty, "started before the first was handed on: \(startedTooFarAhead.withLock { $0 })")
    }

    @Test func anErrorFromTheReceiverStopsTheRestAndIsThrown() async {
        let starts = Starts()
        var received: [Int] = []
        do {
            try await ConcurrentMap.forEach(Array(0..<20), limit: 2, ahead: 2) { input in
                starts.add()
                return input
            } receive: { index, _ in
                received.append(index)
                if index == 3 { throw WriteFailed() }
            }
            Issue.record("the receiver's error was not thrown")
        } catch {
            #expect(error is WriteFailed)
        }
        #expect(received == [0, 1, 2, 3])
        #expect(starts.total <= 6, "\(starts.total) inputs started for 4 handed on")
    }
}
