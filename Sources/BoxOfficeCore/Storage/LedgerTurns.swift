import Synchronization

/// One turn at a time at each ledger file for the tasks of this process, in the order they came.
/// The file lock (`flock`) keeps other processes out; within a process, tasks that polled the lock
/// against each other could lose every try on a loaded machine and run out of their patience
/// waiting on nothing but themselves. Waiting for a turn has no time limit (the holder is this
/// process, and it goes on); only another process's hold is waited on with patience.
final class LedgerTurns: Sendable {
    static let shared = LedgerTurns()

    private struct Queue {
        var isTaken = false
        var waiting: [(ticket: UInt64, resume: CheckedContinuation<Void, any Error>)] = []
    }

    private let state = Mutex<(queues: [String: Queue], nextTicket: UInt64)>(([:], 0))

    /// Waits for the turn at `path`; a task cancelled while it waits leaves the line.
    func take(_ path: String) async throws {
        try Task.checkCancellation()
        // A free turn is taken at once, on the caller's executor: no wait, and no hop to another
        // thread (which, while libcurl loads beside the ledger, could not even be started).
        let ticket = state.withLock { state -> UInt64? in
            guard state.queues[path, default: Queue()].isTaken else {
                state.queues[path, default: Queue()].isTaken = true
                return nil
            }
            state.nextTicket += 1
            return state.nextTicket
        }
        guard let ticket else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case now, later, cancelled }
                let outcome = state.withLock { state -> Outcome in
                    if Task.isCancelled { return .cancelled }
                    guard state.queues[path, default: Queue()].isTaken else {
                        state.queues[path, default: Queue()].isTaken = true
                        return .now
                    }
                    state.queues[path, default: Queue()].waiting.append((ticket, continuation))
                    return .later
                }
                switch outcome {
                case .now: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .later: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.queues[path]?.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.queues[path]?.waiting.remove(at: index).resume
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Hands the turn at `path` to the next in line, if any.
    func give(_ path: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard var queue = state.queues[path] else { return nil }
            defer { state.queues[path] = queue.waiting.isEmpty && !queue.isTaken ? nil : queue }
            guard !queue.waiting.isEmpty else {
                queue.isTaken = false
                return nil
            }
            return queue.waiting.removeFirst().resume
        }
        next?.resume()
    }
}
