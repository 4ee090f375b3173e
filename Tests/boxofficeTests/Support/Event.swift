import Synchronization

/// Something that happens once in a test's world (a process ends, the n-th request arrives, a
/// program prints a line), awaited without holding a thread. Swift's cooperative pool has one
/// thread a core, and both test targets run in one process: a test that blocks a thread while it
/// waits stalls every other test, which then fail their own waits.
final class Event<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
        var backstops: [Int: Task<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Its value once it has happened.
    var value: Value? { state.withLock { $0.value } }

    /// Records that it happened, and with what; later calls change nothing.
    func happen(_ value: Value) {
        let (waiters, backstops) = state.withLock { state in
            guard state.value == nil else { return ([CheckedContinuation<Value?, Never>](), [Task<Void, Never>]()) }
            state.value = value
            defer {
                state.waiters = [:]
                state.backstops = [:]
            }
            return (Array(state.waiters.values), Array(state.backstops.values))
        }
        for backstop in backstops { backstop.cancel() }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// Its value once it happens, or nil if `seconds` pass first. The time is a backstop that ends
    /// a hang, never a measurement: choose it far longer than the event takes on a loaded machine.
    func value(within seconds: Double) async -> Value? {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Value? in
                if let value = state.value { return value }
                let waiter = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[waiter] = continuation
                state.backstops[waiter] = Task { [self] in
                    guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
                    giveUp(waiter)
                }
                return nil
            }
            if let value { continuation.resume(returning: value) }
        }
    }

    /// Its value once it happens; if `seconds` pass first, an error that says what was awaited.
    func value(waitingFor what: @autoclosure () -> String, seconds: Double = Backstop.seconds) async throws -> Value {
        guard let value = await value(within: seconds) else { throw Backstop(waitedFor: what(), seconds: seconds) }
        return value
    }

    private func giveUp(_ waiter: Int) {
        let continuation = state.withLock { state in
            state.backstops[waiter] = nil
            return state.waiters.removeValue(forKey: waiter)
        }
        continuation?.resume(returning: nil)
    }
}

/// A wait that gave up: what the test waited for and how long. A test that throws it fails with
/// this line, as a test waiting for the event in a loop would otherwise hang.
struct Backstop: Error, CustomStringConvertible {
    /// How long a test waits for an event before it gives up: ten minutes, where the event takes
    /// moments even with every core busy and the whole suite running beside it, so that it only
    /// ever ends a hang.
    static let seconds: Double = 600

    let waitedFor: String
    let seconds: Double

    var description: String { "waited \(Int(seconds)) s for \(waitedFor), which did not happen" }
}
