import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--page`, `--limit` and `--all`, shared by the KOBIS list commands.
struct ListOptions: Sendable {
    var page: Int?
    var limit: Int?
    var all = false

    static let pages = 1...10_000
    static let pageSizes = 1...100

    static let specs = [
        OptionSpec(name: .page, kind: .integer(pages), help: "Page of results, from 1.", defaultValue: .value("1")),
        OptionSpec(
            name: .limit, kind: .integer(pageSizes), help: "Results per page, \(pageSizes.lowerBound) to \(pageSizes.upperBound).",
            defaultValue: .value("10")),
        OptionSpec(name: .all, help: "Every page, at most \(ListPager.mostResults) results, checked against today's quota first."),
    ]

    init(_ reader: OptionReader) throws(UsageError) {
        page = try reader.integer(.page)
        limit = try reader.integer(.limit)
        all = try reader.flag(.all)
        guard !all || (page == nil && limit == nil) else { throw reader.error("Use either --all or --page/--limit, not both.") }
    }

    /// The page shown in the output.
    var shownPage: Int { page ?? 1 }

    /// Fetches one page, or every page with `--all` (progress on stderr at a terminal).
    func fetch<Item: Sendable>(
        in state: CommandState, client: BoxOfficeClient,
        page fetch: @escaping @Sendable (_ page: Int?, _ size: Int?) async throws -> (items: [Item], total: Int)
    ) async throws -> (items: [Item], total: Int) {
        guard all else { return try await fetch(page, limit) }
        let showsProgress = state.context.stderrIsTerminal
        let result = try await ListPager(client: client).all(
            onPageFetched: { done, pages in
                if showsProgress { Terminal.write("\r\(done)/\(pages) pages", to: STDERR_FILENO) }
            }, fetch: { page, size in try await fetch(page, size) })
        if showsProgress { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
        return result
    }
}
