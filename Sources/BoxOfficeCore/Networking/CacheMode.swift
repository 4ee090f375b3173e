/// Whether the cache is read and written.
public enum CacheMode: Sendable {
    /// Read fresh entries, write new answers.
    case normal
    /// Skip reading, write the fresh answer.
    case refresh
    /// Neither read nor write.
    case disabled

    var reads: Bool { self == .normal }
    var writes: Bool { self != .disabled }
}
