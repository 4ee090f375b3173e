#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a response cache holds: its entries, their size, and how many are kept for good,
/// expired or unreadable.
public struct CacheStatistics: Sendable, Equatable {
    /// Entries on disk.
    public var entries = 0
    /// Their size in bytes.
    public var bytes = 0
    /// Entries past their expiry.
    public var expired = 0
    /// Entries kept for good (settled charts).
    public var permanent = 0
    /// Entries that are damaged or not ours.
    public var unreadable = 0

    /// Creates empty statistics.
    public init() {}
}
