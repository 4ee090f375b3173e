/// Bounded retries with exponential backoff and full jitter.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt.
    public var retries: Int
    /// The first backoff ceiling, in seconds.
    public var baseDelay: Double
    /// The largest backoff ceiling, in seconds.
    public var maximumDelay: Double
    /// The longest `Retry-After` we wait for, in seconds.
    public var maximumRetryAfter: Double

    /// Retries unless told otherwise.
    public static let defaultRetries = 2

    /// Creates a policy.
    public init(retries: Int = RetryPolicy.defaultRetries, baseDelay: Double = 0.5, maximumDelay: Double = 8, maximumRetryAfter: Double = 30) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The wait before retry number `retry` (1-based): full jitter below an exponential ceiling,
    /// or the server's `Retry-After` when it gave one.
    public func delay(beforeRetry retry: Int, retryAfter: Double?) -> Double {
        if let retryAfter, !retryAfter.isNaN {
            return min(max(retryAfter, 0), maximumRetryAfter)
        }
        let growth = Double(sign: .plus, exponent: max(retry - 1, 0), significand: 1)  // 2^(retry - 1)
        let ceiling = min(maximumDelay, baseDelay * growth)
        return Double.random(in: 0...ceiling)
    }
}
