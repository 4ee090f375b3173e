#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A loader that ends each request by the time it is given, and stops at once, its connection
/// closed, when its task is cancelled: the tool's libcurl transport. The client runs it in the
/// calling task, with no tasks raced around it, and so starts no threads for them.
package protocol TimeBoundLoading: HTTPDataLoading {
    /// Performs the request within `seconds`, or throws `NetworkFailure.timedOut`.
    func data(for request: HTTPRequest, within seconds: Double) async throws -> (Data, HTTPResponse)
}

/// Runs work against a deadline and against the cancellation of the calling task, and leaves the
/// work behind when either comes first.
///
/// The work's task is cancelled then, so a transport that looks can stop at once, but it is not
/// waited for: on Linux, cancelling a `URLSession` request while its answer completes deadlocks
/// the two (`URLSessionTask.cancel()` waits on the session's queue while holding the task's status
/// lock, which the completion needs), and a task group would wait for its loser. Here the first of
/// result, deadline and cancellation wins, and the loser finishes unobserved.
enum Deadline {
    static func run<Value: Sendable>(
        seconds: Double,
        timeoutError: @escaping @Sendable () -> any Error,
        operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        let work = Task {
            do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    race.attach(continuation)
                    race.hold(work)
                    race.hold(
                        Task {
                            // Cancelled once the race is decided otherwise; then there is nothing to do.
                            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
                            race.finish(.failure(timeoutError()), byDeadline: true)
                        })
                }
            } onCancel: {
                race.finish(.failure(CancellationError()))
            }
        } catch  where race.wasDecidedByDeadline {
            // The work was cancelled with the deadline: its transport closes the connection as
            // it stops. A retry waits for that (a second at most, for a transport that does not
            // look), so attempts never stack connections.
            _ = try? await run(seconds: lingering, timeoutError: { CancellationError() }, operation: { await work.value })
            throw error
        }
    }

    /// `request` and the redirects `policy` lets it follow, within `seconds` in all: in the calling
    /// task through a loader that keeps time itself (`bounded`), otherwise through `send` raced
    /// against the deadline.
    static func load(
        _ request: HTTPRequest, policy: TransferPolicy, seconds: Double, timeoutError: @escaping @Sendable () -> any Error,
        bounded: (any TimeBoundLoading)?, send: @escaping @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse) {
        guard let bounded else {
            return try await run(seconds: seconds, timeoutError: timeoutError) {
                try await RedirectFollower.load(request, policy: policy, with: send)
            }
        }
        let end = ContinuousClock.now.advanced(by: .seconds(seconds))
        return try await RedirectFollower.load(request, policy: policy) { hop in
            let left = ContinuousClock.now.duration(to: end)
            guard left > .zero else { throw timeoutError() }
            return try await bounded.data(for: hop, within: left.inSeconds)
        }
    }

    /// How long a timed-out attempt is waited for to stop.
    static let lingering = 1.0

    /// Resumes its continuation once, for whoever finishes first, then cancels the others.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            /// The outcome, once there is one; it may come before the continuation does.
            var outcome: Result<Value, any Error>?
            var tasks: [Task<Void, Never>] = []
            var resumed = false
            var byDeadline = false
        }

        private let state = Mutex(State())

        /// Takes the continuation, resuming it at once if the race is already decided.
        func attach(_ continuation: CheckedContinuation<Value, any Error>) {
            let decided = state.withLock { state -> Result<Value, any Error>? in
                guard let outcome = state.outcome else {
                    state.continuation = continuation
                    return nil
                }
                state.resumed = true
                return outcome
            }
            if let decided { continuation.resume(with: decided) }
        }

        /// Keeps a runner, to be cancelled when the race is decided (at once if it already is).
        func hold(_ task: Task<Void, Never>) {
            let decided = state.withLock { state in
                if state.outcome == nil { state.tasks.append(task) }
                return state.outcome != nil
            }
            if decided { task.cancel() }
        }

        /// Whether the deadline decided it.
        var wasDecidedByDeadline: Bool { state.withLock { $0.byDeadline } }

        /// Decides the race unless it is decided already.
        func finish(_ result: Result<Value, any Error>, byDeadline: Bool = false) {
            let (continuation, losers) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
                guard state.outcome == nil else { return (nil, []) }
                state.outcome = result
                state.byDeadline = byDeadline
                defer { state.tasks = [] }
                guard let continuation = state.continuation, !state.resumed else { return (nil, state.tasks) }
                state.resumed = true
                state.continuation = nil
                return (continuation, state.tasks)
            }
            continuation?.resume(with: result)
            for loser in losers { loser.cancel() }
        }
    }
}

package extension Duration {
    /// The duration as a number of seconds, fractions included.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
