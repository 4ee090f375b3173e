import BoxOfficeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BoxOfficeArchive {
    /// How far a sync has come.
    public struct SyncProgress: Sendable, Hashable {
        /// Days done (stored, or found without a chart yet) and the days the sync set out to do.
        public var daysDone: Int
        public var daysTotal: Int
        /// API calls sent so far; answers from the client's cache cost none.
        public var calls: Int

        /// Creates a progress, for previews and tests.
        public init(daysDone: Int, daysTotal: Int, calls: Int) {
            self.daysDone = daysDone
            self.daysTotal = daysTotal
            self.calls = calls
        }
    }

    /// What a sync did.
    public struct SyncResult: Sendable, Hashable {
        /// Days written, settled or not.
        public var daysStored = 0
        /// Films whose details were written.
        public var moviesStored = 0
        /// Days still to fetch when the budget ran out (0 when the sync finished).
        public var daysLeft = 0
        /// Films seen in a chart whose details are still to fetch.
        public var moviesLeft = 0
        /// Films KOBIS gave no details for in this sync (asked again by the next).
        public var moviesUnavailable: Int { unavailableFilms.count }
        /// Their codes, in the order they were asked for.
        public var unavailableFilms: [String] = []
        /// Days whose chart KOBIS sent but the archive could not store (a film listed twice, a
        /// fractional count), each `ArchiveError.unstorableChart`; the sync went on past them,
        /// and the next one asks for them again.
        public var unstorableDays: [ArchiveError] = []
        /// Recent days KOBIS has no chart for yet: a later sync fetches them.
        public var daysNotPublished = 0
        /// Days a replayed client holds no recording of: passed over, as a replay cannot fetch them.
        public var daysNotRecorded = 0
        /// API calls sent.
        public var calls = 0
        /// Whether the budget ran out before the sync was done.
        public var isStoppedByBudget = false

        /// A sync that did nothing yet, for previews and tests: set what it did.
        public init() {}
    }

    /// Whether a day's figures are final by `today` (Seoul): KOBIS settles a day within a day or so.
    public static func isSettled(_ day: KSTDate, today: KSTDate) -> Bool {
        today.days(since: day) >= CacheLifetime.settledChartAgeInDays
    }

    /// The days from `from` to `to` a sync would fetch on `today`: those the archive lacks, those
    /// it holds unsettled that have settled since and, with `wide`, those it holds without KOBIS's
    /// lists by nation. Oldest first.
    public func daysToSync(from: KSTDate, to: KSTDate, today: KSTDate, wide: Bool = false) throws(BoxOfficeError) -> [KSTDate] {
        try plan(from: from, to: to, today: today, wide: wide).map(\.day)
    }

    /// The KOBIS calls the charts of `daysToSync` cost, films' details aside: one a day's chart,
    /// two more for its lists by nation with `wide`.
    public func chartCallsToSync(from: KSTDate, to: KSTDate, today: KSTDate, wide: Bool = false) throws(BoxOfficeError) -> Int {
        try plan(from: from, to: to, today: today, wide: wide).reduce(0) { calls, day in
            calls + (day.need == .chart ? 1 : 0) + (wide ? ChartFilter.Nation.allCases.count : 0)
        }
    }

    /// Each day a sync fetches, with what it fetches of it.
    private func plan(from: KSTDate, to: KSTDate, today: KSTDate, wide: Bool) throws(BoxOfficeError) -> [(day: KSTDate, need: DayNeed)] {
        let held = try heldDays(from: from, to: to)
        return Self.days(from: from, to: to).compactMap { day in need(of: day, held: held[day], today: today, wide: wide).map { (day, $0) } }
    }

    /// What a sync fetches of a day: its chart (and, wide, its lists by nation), or only the lists.
    private enum DayNeed {
        case chart
        case nationLists
    }

    private func need(of day: KSTDate, held: (settled: Bool, wide: Bool)?, today: KSTDate, wide: Bool) -> DayNeed? {
        guard let held else { return .chart }
        if !held.settled && Self.isSettled(day, today: today) { return .chart }
        return wide && held.settled && !held.wide ? .nationLists : nil
    }

    /// Every day from `from` to `to`, both included; none when `to` is before `from`.
    static func days(from: KSTDate, to: KSTDate) -> [KSTDate] {
        from <= to ? (0...to.days(since: from)).map { from.adding(days: $0) } : []
    }

    /// Fills the archive from `from` to `to` through `client`: each missing day's chart (one call,
    /// none when the client's cache has it), with `wide` KOBIS's charts of the day's Korean and of
    /// its foreign films too (two calls more: together they hold every film of the overall chart
    /// and ten more), and, with `movies`, the details of each film the first time it appears (one
    /// call each). A day, its lists and its new films are written in one transaction. Films an
    /// earlier sync could not afford come after the days. It sends at most `budget` calls (a day
    /// is begun only when the budget holds all its charts), then stops with what is left in the
    /// result; the next sync goes on from there. While another sync (in any process) runs, it
    /// waits for it, telling `onWait` once.
    public func sync(
        from: KSTDate, to: KSTDate, today: KSTDate, client: BoxOfficeClient, budget: Int, movies: Bool = true, wide: Bool = false,
        onWait: (_ holder: Int32?) -> Void = { _ in }, onProgress: @Sendable (SyncProgress) async -> Void = { _ in }
    ) async throws -> SyncResult {
        // One sync at a time: a second waits for the first, then finds its days done.
        let lock = try await SyncLock(archivePath: path, onWait: onWait)
        defer { withExtendedLifetime(lock) {} }
        let start = client.requestsSent
        // Retries count against the budget as any call does, and none is sent past it.
        var client = client
        client.requestCeiling = start + budget
        var result = SyncResult()
        func spent() -> Int { client.requestsSent - start }
        // Films KOBIS had no details for in this sync are not asked again until the next.
        var unavailable: Set<String> = []
        var unavailableOrder: [String] = []
        let days = try plan(from: from, to: to, today: today, wide: wide)
        for (index, (day, need)) in days.enumerated() {
            try Task.checkCancellation()
            let progress = SyncProgress(daysDone: index + 1, daysTotal: days.count, calls: spent())
            let cost = (need == .chart ? 1 : 0) + (wide ? ChartFilter.Nation.allCases.count : 0)
            guard budget - spent() >= cost else {
                result.daysLeft = days.count - index
                result.isStoppedByBudget = true
                break
            }
            var chart: BoxOfficeChart?
            var lists: [BoxOfficeChart] = []
            do {
                if need == .chart { chart = try await client.dailyChart(on: day) }
                if wide {
                    for nation in ChartFilter.Nation.allCases {
                        lists.append(try await client.dailyChart(on: day, filter: ChartFilter(nation: nation)))
                    }
                }
            } catch BoxOfficeError.noChartData {
                // Today's or yesterday's chart, not published yet: the day waits for the next sync.
                result.daysNotPublished += 1
                await onProgress(progress)
                continue
            } catch ReplayError.noRecording {
                if chart == nil {
                    result.daysNotRecorded += 1
                    await onProgress(progress)
                    continue
                }
                // The replay holds the day's chart but not its lists: the day is archived without them.
                lists = []
            }
            var details: [MovieDetails] = []
            if movies {
                let codes = ((chart?.entries ?? []) + lists.flatMap(\.entries)).map(\.code)
                let known = try knownFilms(codes).union(unavailable)
                for code in Set(codes).subtracting(known).sorted() {
                    guard spent() < budget else {
                        result.isStoppedByBudget = true
                        break
                    }
                    if let film = try await Self.details(of: code, from: client) {
                        details.append(film)
                    } else if unavailable.insert(code).inserted {
                        unavailableOrder.append(code)
                    }
                }
            }
            let settled = Self.isSettled(day, today: today)
            if let unstorable = try storeUnlessUnstorable(chart, lists: lists, settled: settled, movies: details) {
                result.unstorableDays.append(unstorable)
                await onProgress(progress)
                continue
            }
            result.daysStored += 1
            result.moviesStored += details.count
            await onProgress(SyncProgress(daysDone: index + 1, daysTotal: days.count, calls: spent()))
        }
        // Then the films an earlier day left without details, with what the budget leaves.
        if movies, !result.isStoppedByBudget {
            for code in try filmsWithoutDetails() where !unavailable.contains(code) {
                guard spent() < budget else {
                    result.isStoppedByBudget = true
                    break
                }
                guard let details = try await Self.details(of: code, from: client) else {
                    if unavailable.insert(code).inserted { unavailableOrder.append(code) }
                    continue
                }
                try store([details], fetchedAt: Date())
                result.moviesStored += 1
            }
        }
        result.calls = spent()
        result.moviesLeft = movies ? try filmsWithoutDetails().count : 0
        result.unavailableFilms = unavailableOrder
        return result
    }

    /// Stores a day (its chart and lists, or only the lists of a day held), or returns why KOBIS's
    /// answer cannot be stored; any other failure (the disk, the lock) ends the sync.
    private func storeUnlessUnstorable(
        _ chart: BoxOfficeChart?, lists: [BoxOfficeChart], settled: Bool, movies: [MovieDetails]
    ) throws(BoxOfficeError) -> ArchiveError? {
        do {
            if let chart {
                try store(chart, nationLists: lists, settled: settled, movies: movies, fetchedAt: Date())
            } else {
                try storeNationLists(lists, movies: movies, fetchedAt: Date())
            }
            return nil
        } catch {
            guard case .archive(let archiveError) = error, case .unstorableChart = archiveError else { throw error }
            return archiveError
        }
    }

    /// A film's details; nil when KOBIS has none for it or answers with what is not its
    /// details: the day is archived without them, and a later sync asks again. Anything else
    /// (the daily limit, the network, the key) ends the sync.
    private static func details(of code: String, from client: BoxOfficeClient) async throws -> MovieDetails? {
        do {
            return try await client.movie(code: code)
        } catch BoxOfficeError.notFound, BoxOfficeError.malformedResponse, BoxOfficeError.answerMismatch {
            return nil
        } catch is ReplayError {
            return nil
        }
    }
}
