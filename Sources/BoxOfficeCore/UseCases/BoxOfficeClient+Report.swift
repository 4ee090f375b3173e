extension BoxOfficeClient {
    /// The morning report of `date`: its top 10 with moves, runs, milestones and trends over
    /// `days` days, and the day against the same weekday a week earlier. Settled days come from
    /// the cache, so a daily report costs three calls (the day and the two before it, which KOBIS may still revise) once the days before are cached.
    ///
    /// - Parameters:
    ///   - date: The day reported, usually yesterday in Seoul (`KSTDate.today().adding(days: -1)`).
    ///   - days: Days each trend covers, within `DailyReport.dayRange`.
    ///   - withPosters: Whether to look up each movie's poster URL (needs the Kakao key).
    public func report(on date: KSTDate, days: Int = DailyReport.defaultDays, withPosters: Bool = false) async throws -> DailyReport {
        let (window, all) = DailyReport.chartDays(for: date, days: days)
        let fetcher = ChartFetcher(client: self)
        let charts = try await fetcher.charts(ChartQuery(kind: .daily, dates: window))
        var byDay = Dictionary(zip(window, charts), uniquingKeysWith: { first, _ in first })
        for weekEarlier in all where byDay[weekEarlier] == nil {
            byDay[weekEarlier] = try await optionalChart(on: weekEarlier)
        }
        if withPosters, let today = byDay[date] {
            var top = today
            top.entries = Array(top.entries.prefix(DailyReport.topCount))
            byDay[date] = try await PosterFinder(client: self).addPosters(to: [top], jobs: PosterFinder.jobs).first
        }
        return DailyReport(date: date, days: window, charts: byDay)
    }

    /// The chart a week earlier only adds a comparison: a set of recordings without it reports
    /// without one.
    private func optionalChart(on day: KSTDate) async throws -> BoxOfficeChart? {
        do {
            return try await dailyChart(on: day)
        } catch ReplayError.noRecording {
            return nil
        }
    }
}
