import Synchronization

/// Runs work against a deadline and leaves the work behind when the deadline comes first.
///
/// The work is deliberately not cancelled: on Linux, cancelling a `URLSession` request while its
/// answer completes deadlocks the two (`URLSessionTask.cancel()` waits on the session's queue while
/// holding the task's status lock, which the completion needs), and a task group would wait for its
/// loser. Here the first of result and deadline wins and the loser finishes, or fails at the
/// session's own backstop timeout, unobserved.
enum Deadline {
    static func run<Value: Sendable>(
        seconds: Double,
        timeoutError: @escaping @Sendable () -> any Error,
        operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let race = Race(continuation)
            Task {
                do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                race.finish(.failure(timeoutError()))
            }
        }
    }

    /// Resumes its continuation once, for whoever finishes first.
    private final class Race<Value: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

        init(_ continuation: CheckedContinuation<Value, any Error>) {
            self.continuation = Mutex(continuation)
        }

        /// Resumes the continuation unless someone else already has.
        func finish(_ result: Result<Value, any Error>) {
            guard let continuation = continuation.withLock({ value in
                defer { value = nil }
                return value
            }) else { return }
            continuation.resume(with: result)
        }
    }
}
