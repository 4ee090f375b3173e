/// Cache failures.
public enum CacheError: Error, Sendable, CustomStringConvertible {
    /// An entry exists but cannot be used.
    case unreadable(String)

    /// One line.
    public var description: String {
        switch self {
        case .unreadable(let path): "cache entry \(path) is unreadable"
        }
    }
}
