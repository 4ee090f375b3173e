#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Some charts of a range failed, each with its own error in `failures`. An app meets it inside
/// `BoxOfficeError.rangeFailed`.
public struct RangeFailure: ReportableError, CustomStringConvertible, Equatable {
    /// Each failed chart's name and error.
    public let failures: [(String, any Error)]
    /// How many charts were asked for.
    public let total: Int
    /// Whether the charts that did arrive were cached, so a rerun is cheap.
    public let fetchedAreCached: Bool

    /// Creates a failure of `failures.count` of `total` charts.
    public init(failures: [(String, any Error)], total: Int, fetchedAreCached: Bool = true) {
        self.failures = failures
        self.total = total
        self.fetchedAreCached = fetchedAreCached
    }

    /// One line naming the first few failures.
    public var description: String {
        Self.summary(
            failures.map { ($0.0, Self.message(for: $0.1)) }, head: head,
            outcome: bilingual(", so the range was not returned", " 기간 전체를 돌려주지 않았습니다"), listing: Self.listedFailures)
    }

    /// `3 of 8 charts failed`.
    package var head: String {
        bilingual("\(failures.count) of \(total) charts failed", "박스오피스 \(total)개 가운데 \(failures.count)개를 받지 못해")
    }

    /// Failed charts in one line: `head (names)outcome: reason` when they all failed alike, the
    /// reason said once, else `headoutcome: name (reason); …`; at most `listing` of them named.
    package static func summary(_ failures: [(name: String, message: String)], head: String, outcome: String, listing: Int? = nil) -> String {
        let shown = failures.prefix(listing ?? failures.count)
        let more = failures.count > shown.count ? bilingual(" and \(failures.count - shown.count) more", " 외 \(failures.count - shown.count)개") : ""
        if let only = failures.first?.message, failures.allSatisfy({ $0.message == only }) {
            return "\(head) (\(shown.map(\.name).joined(separator: ", "))\(more))\(outcome): \(only)"
        }
        // Each message is a sentence; inside the brackets its own final period would double the line's.
        let listed = shown.map { "\($0.name) (\($0.message.hasSuffix(".") ? String($0.message.dropLast()) : $0.message))" }
        return "\(head)\(outcome): \(listed.joined(separator: "; "))\(more)."
    }

    package static let listedFailures = 5

    /// The line, as `description`.
    public var message: String { description }

    /// The line of any error, reportable or not.
    static func message(for error: any Error) -> String {
        (error as? any ReportableError)?.message ?? "Internal error (\(type(of: error)))"
    }
}

/// A range stopped early because its first requests all failed the same passing way. An app
/// meets it inside `BoxOfficeError.rangeAbandoned`.
public struct RangeAbandoned: ReportableError, CustomStringConvertible, Equatable {
    /// The error the requests sent all failed with.
    public let error: any Error
    /// Requests sent.
    public let tried: Int
    /// Requests the range needed.
    public let total: Int

    /// `tried` of `total` requests sent, the first of which to fail failed with `error`.
    public init(error: any Error, tried: Int, total: Int) {
        self.error = error
        self.tried = tried
        self.total = total
    }

    /// The line, as `description`.
    public var message: String { description }

    /// One line.
    public var description: String {
        bilingual(
            "The first \(tried) of \(total) requests all failed the same way, so the other \(total - tried) were not sent: \(RangeFailure.message(for: error))",
            "요청 \(total)개 가운데 처음 \(tried)개가 모두 같은 이유로 실패해 나머지 \(total - tried)개는 보내지 않았습니다: \(RangeFailure.message(for: error))")
    }

    /// Failures worth waiting out on the next run, not on the next day of this one.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? BoxOfficeError else { return false }
        switch error {
        case .unreachable, .timedOut, .httpStatus, .serverError, .rateLimited: return true
        default: return false
        }
    }
}

/// A request the range never sent because it gave up first.
package struct NotSent: Error {}

extension RangeFailure {
    /// The same charts failed for the same reasons.
    public static func == (lhs: RangeFailure, rhs: RangeFailure) -> Bool {
        lhs.total == rhs.total && lhs.failures.map(\.0) == rhs.failures.map(\.0)
            && lhs.failures.map { message(for: $0.1) } == rhs.failures.map { message(for: $0.1) }
    }
}

extension RangeAbandoned {
    /// The same requests failed for the same reason.
    public static func == (lhs: RangeAbandoned, rhs: RangeAbandoned) -> Bool {
        lhs.tried == rhs.tried && lhs.total == rhs.total && RangeFailure.message(for: lhs.error) == RangeFailure.message(for: rhs.error)
    }
}
