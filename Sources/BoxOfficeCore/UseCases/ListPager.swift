import Synchronization

/// Walks every page of a KOBIS list: the first page tells how many there are, the
/// rest are checked against today's quota before any is asked for, then fetched a few at a time.
public struct ListPager: Sendable {
    let client: BoxOfficeClient

    /// A walk stops at this many results, whatever the total says.
    public static let mostResults = 1_000
    /// Rows asked for a page when walking them all.
    public static let pageSize = 100
    /// Pages in flight at once.
    public static let jobs = 4

    /// Creates a pager over a client.
    public init(client: BoxOfficeClient) {
        self.client = client
    }

    /// Every item up to `mostResults`, in page order, and the total KOBIS reports.
    /// `fetch` gets a page number from 1 and a page size and returns that page's items and the total.
    public func all<Item: Sendable>(
        onPageFetched: @escaping @Sendable (_ done: Int, _ pages: Int) async -> Void = { _, _ in },
        fetch: @escaping @Sendable (_ page: Int, _ size: Int) async throws -> (items: [Item], total: Int)
    ) async throws -> (items: [Item], total: Int) {
        let first = try await fetch(1, Self.pageSize)
        let wanted = min(first.total, Self.mostResults)
        let pages = max(1, (wanted + Self.pageSize - 1) / Self.pageSize)
        await onPageFetched(1, pages)
        guard pages > 1 else { return (Array(first.items.prefix(Self.mostResults)), first.total) }
        try client.ensureRoom(for: pages - 1, to: .kobis)
        let done = Mutex(1)
        let results = await ConcurrentMap.run(Array(2...pages), limit: Self.jobs) { page in
            let result = try await fetch(page, Self.pageSize)
            await onPageFetched(
                done.withLock { count in
                    count += 1
                    return count
                }, pages)
            return result.items
        }
        var items = first.items
        for result in results { items += try result.get() }
        return (Array(items.prefix(Self.mostResults)), first.total)
    }
}
