import Synchronization

/// Runs work against a deadline without waiting for the work to acknowledge cancellation.
///
/// A task group would wait for its loser, and on Linux a `URLSession` request cancelled while its
/// own timer fires can fail to finish at all. Here the first of result and deadline wins, the loser
/// is cancelled and left behind, so an attempt never outlives its deadline.
enum Deadline {
    static func run<Value: Sendable>(
        seconds: Double,
        timeoutError: @escaping @Sendable () -> any Error,
        operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let race = Race(continuation)
            let work = Task {
                do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                if race.finish(.failure(timeoutError())) { work.cancel() }
            }
        }
    }

    /// Resumes its continuation once, for whoever finishes first.
    private final class Race<Value: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

        init(_ continuation: CheckedContinuation<Value, any Error>) {
            self.continuation = Mutex(continuation)
        }

        /// True when this call won the race.
        @discardableResult
        func finish(_ result: Result<Value, any Error>) -> Bool {
            guard let continuation = continuation.withLock({ value in
                defer { value = nil }
                return value
            }) else { return false }
            continuation.resume(with: result)
            return true
        }
    }
}
