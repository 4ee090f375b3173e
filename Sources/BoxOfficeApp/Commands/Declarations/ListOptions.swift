import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--page`, `--limit` and `--all`, shared by the KOBIS list commands.
package struct ListOptions: Sendable {
    var page: Int?
    var limit: Int?
    var all = false

    static let pages = 1...10_000
    static let pageSizes = 1...100

    static let specs = [
        OptionSpec(name: .page, kind: .integer(pages), help: Words("Page of results, from 1.", "결과 페이지, 1부터."), defaultValue: .value("1")),
        OptionSpec(
            name: .limit, kind: .integer(pageSizes),
            help: Words(
                "Results per page, \(pageSizes.lowerBound) to \(pageSizes.upperBound).", "페이지당 결과 수, \(pageSizes.lowerBound)~\(pageSizes.upperBound)."
            ),
            defaultValue: .value("10")),
        OptionSpec(
            name: .all,
            help: Words(
                "Every page, at most \(ListPager.mostResults) results, checked against today's quota first.",
                "모든 페이지, 최대 \(ListPager.mostResults)건. 먼저 오늘 남은 호출 한도를 확인합니다.")),
    ]

    init(_ reader: OptionReader) throws(UsageError) {
        page = try reader.integer(.page)
        limit = try reader.integer(.limit)
        all = try reader.flag(.all)
        guard !all || (page == nil && limit == nil) else {
            throw reader.error(
                bilingual(
                    "Use either --all or --page/--limit, not both.", "--all과 --page/--limit 가운데 하나만 쓰세요."))
        }
    }

    /// The page shown in the output.
    var shownPage: Int { page ?? 1 }

    /// Fetches one page, or every page with `--all`, its progress on the range's progress line
    /// (stderr at a terminal, or an MCP client's progress notifications).
    func fetch<Item: Sendable>(
        in state: CommandState, client: BoxOfficeClient,
        page fetch: @escaping @Sendable (_ page: Int?, _ size: Int?) async throws -> (items: [Item], total: Int)
    ) async throws -> (items: [Item], total: Int) {
        guard all else { return try await fetch(page, limit) }
        let progress = state.progressLine(total: 0, unit: "pages")
        let result = try await ListPager(client: client).all(
            onPageFetched: { _, pages in await progress?.advance(of: pages) }, fetch: { page, size in try await fetch(page, size) })
        await progress?.finish()
        if result.items.count < result.total {
            state.context.warn(
                bilingual(
                    "--all stopped at the first \(NumberText.grouped(Int64(result.items.count))) of \(NumberText.grouped(Int64(result.total))) results, its limit; narrow the search for the rest.",
                    "--all은 한도인 처음 \(NumberText.grouped(Int64(result.items.count)))개에서 멈췄습니다(전체 \(NumberText.grouped(Int64(result.total)))개). 나머지는 검색 조건을 좁혀 보세요."
                ))
        }
        return result
    }
}
