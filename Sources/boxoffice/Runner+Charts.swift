import BoxOfficeCore
import Foundation

extension Runner {
    /// Fetches one chart or a range, concurrently and in date order, all or nothing.
    func charts(_ request: ChartRequest, isWeekly: Bool) async throws -> String {
        var services: Set<APIService> = [.kobis]
        if request.withPosters { services.insert(.kakao) }
        let client = try makeClient(request.network, needs: services)
        try ensureQuota(for: request, isWeekly: isWeekly, client: client)
        let progress = request.isRange && context.stderrIsTerminal ? Progress(total: request.dates.count, unit: isWeekly ? "weeks" : "days", log: context.log) : nil
        let results = await ConcurrentMap.run(request.dates, limit: request.jobs, giveUp: Self.allFailedAlike) { date in
            let chart = try await isWeekly
                ? client.weeklyChart(containing: date, period: request.period, filter: request.filter)
                : client.dailyChart(on: date, filter: request.filter)
            await progress?.advance()
            return chart
        }
        await progress?.finish()
        if let abandoned = RangeAbandoned(results) { throw abandoned }
        var charts = try Self.allOrNothing(results, dates: request.dates, isWeekly: isWeekly, period: request.period)
        if let limit = request.limit {
            charts = charts.map { chart in
                var chart = chart
                chart.entries = Array(chart.entries.prefix(limit))
                return chart
            }
        }
        if request.withPosters {
            charts = try await addPosters(to: charts, client: client, jobs: request.jobs)
        }
        return ChartRenderer.render(charts, format: request.network.format, style: style(request.network), asRange: request.isRange,
                                     withPosters: request.withPosters)
    }

    /// A range never plans more uncached calls than today's limit has left. The cache is looked
    /// at only when the range is longer than what is left, so a cached run pays nothing extra.
    private func ensureQuota(for request: ChartRequest, isWeekly: Bool, client: BoxOfficeClient) throws {
        guard let left = client.callsLeftToday(.kobis), request.dates.count > left else { return }
        let uncached = request.dates.filter { date in
            !client.hasCachedAnswer(isWeekly
                ? .weeklyBoxOffice(containing: date, period: request.period, filter: request.filter)
                : .dailyBoxOffice(on: date, filter: request.filter))
        }
        try client.ensureRoom(for: uncached.count, to: .kobis)
    }

    /// A dead or refusing server: the first wave of requests all failed the same passing way,
    /// so the rest would only wait for their timeouts too.
    @Sendable private static func allFailedAlike(_ completed: [Result<BoxOfficeChart, any Error>], wave: Int) -> Bool {
        guard completed.count >= wave, let first = completed.first, case .failure(let error) = first,
              RangeAbandoned.isTransient(error) else { return false }
        let message = ErrorText.message(for: error)
        return completed.allSatisfy { result in
            if case .failure(let other) = result { return ErrorText.message(for: other) == message }
            return false
        }
    }

    /// One failure spoils the whole output; the message names every failed day.
    private static func allOrNothing(_ results: [Result<BoxOfficeChart, any Error>], dates: [KSTDate], isWeekly: Bool, period: WeekPeriod) throws -> [BoxOfficeChart] {
        var charts: [BoxOfficeChart] = []
        var failures: [(KSTDate, any Error)] = []
        for (date, result) in zip(dates, results) {
            switch result {
            case .success(let chart): charts.append(chart)
            case .failure(let error): failures.append((date, error))
            }
        }
        guard !failures.isEmpty else { return charts }
        if dates.count == 1, let only = failures.first { throw only.1 }
        throw RangeFailure(failures: failures.map { date, error in
            (isWeekly ? "week of \(period.firstDay(ofWeekContaining: date).iso)" : date.iso, error)
        }, total: dates.count)
    }

    /// Looks up each movie's poster, a few at a time; a movie without one gets none.
    private func addPosters(to charts: [BoxOfficeChart], client: BoxOfficeClient, jobs: Int) async throws -> [BoxOfficeChart] {
        let titles = Array(Set(charts.flatMap { $0.entries.map(\.title) })).sorted()
        let results = await ConcurrentMap.run(titles, limit: min(jobs, Self.posterJobs)) { title in
            try await client.searchImages(Self.posterQuery(for: title)).bestPoster?.imageURL
        }
        var posters: [String: String] = [:]
        for (title, result) in zip(titles, results) {
            posters[title] = try result.get()
        }
        return charts.map { chart in
            var chart = chart
            chart.entries = chart.entries.map { entry in
                var entry = entry
                entry.posterURL = posters[entry.title]
                return entry
            }
            return chart
        }
    }

    /// Poster look-ups run at most this many at a time, as the original apps did side by side.
    static let posterJobs = 4
    static let posterResultCount = 10

    static func posterQuery(for title: String) -> ImageSearchQuery {
        ImageSearchQuery(text: "\(title) 영화 포스터", size: posterResultCount)
    }
}

/// Several days failed; the exit code follows the worst of them.
struct RangeFailure: ReportableError, CustomStringConvertible {
    let failures: [(String, any Error)]
    let total: Int

    var description: String {
        let listed = failures.prefix(Self.listedFailures).map { "\($0.0) (\(ErrorText.message(for: $0.1)))" }
        let more = failures.count > Self.listedFailures ? " and \(failures.count - Self.listedFailures) more" : ""
        return "\(failures.count) of \(total) charts failed, so nothing was printed: \(listed.joined(separator: "; "))\(more). Charts already fetched are cached; run again to retry."
    }

    static let listedFailures = 5

    var message: String { description }

    /// The worst failure's: a rejected key or bad set-up matters more than a slow server.
    var exitCode: ExitCode {
        let severity: [ExitCode] = [
            .keyRejected, .configuration, .internalError, .cannotCreateOutput, .malformedResponse, .unavailable, .tryLater, .notFound,
        ]
        let codes = failures.map { ErrorText.exitCode(for: $0.1) }
        return severity.first { codes.contains($0) } ?? .internalError
    }
}

/// A range stopped early because its first requests all failed the same passing way.
struct RangeAbandoned: ReportableError, CustomStringConvertible {
    let error: any Error
    let tried: Int
    let total: Int

    /// Nil unless some requests were never sent.
    init?(_ results: [Result<BoxOfficeChart, any Error>]) {
        let notSent = results.filter { if case .failure(let error) = $0 { error is NotSent } else { false } }.count
        guard notSent > 0, let first = results.lazy.compactMap({ result -> (any Error)? in
            if case .failure(let error) = result, !(error is NotSent) { return error }
            return nil
        }).first else { return nil }
        error = first
        tried = results.count - notSent
        total = results.count
    }

    var message: String { description }
    var exitCode: ExitCode { ErrorText.exitCode(for: error) }

    var description: String {
        "The first \(tried) of \(total) requests all failed the same way, so the other \(total - tried) were not sent and nothing was printed: \(ErrorText.message(for: error))"
    }

    /// Failures worth waiting out on the next run, not on the next day of this one.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? BoxOfficeError else { return false }
        switch error {
        case .unreachable, .timedOut, .httpStatus, .rateLimited: return true
        default: return false
        }
    }
}

/// A request the range never sent because it gave up first.
struct NotSent: Error {}

/// `12/31 days` on stderr while a range loads, only when stderr is a terminal.
actor Progress {
    private let total: Int
    private let unit: String
    private let log: @Sendable (String) -> Void
    private var done = 0

    init(total: Int, unit: String, log: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.unit = unit
        self.log = log
    }

    func advance() {
        done += 1
        Terminal.write("\r\(done)/\(total) \(unit)", to: STDERR_FILENO)
    }

    func finish() {
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}

/// Runs an async function over inputs with at most `limit` in flight, keeping input order.
/// `giveUp` sees the results in the order they completed, and the size of the first wave;
/// once it says so, no more inputs are started and those left out fail with `NotSent`.
enum ConcurrentMap {
    static func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], limit: Int,
        giveUp: @escaping @Sendable (_ completed: [Result<Output, any Error>], _ wave: Int) -> Bool = { _, _ in false },
        _ transform: @escaping @Sendable (Input) async throws -> Output
    ) async -> [Result<Output, any Error>] {
        await withTaskGroup(of: (Int, Result<Output, any Error>).self) { group in
            var results = [Result<Output, any Error>?](repeating: nil, count: inputs.count)
            var completed: [Result<Output, any Error>] = []
            var gaveUp = false
            let wave = min(max(limit, 1), inputs.count)
            var next = 0
            func startNext() {
                guard next < inputs.count, !gaveUp else { return }
                let index = next
                let input = inputs[index]
                group.addTask {
                    do { return (index, .success(try await transform(input))) } catch { return (index, .failure(error)) }
                }
                next += 1
            }
            for _ in 0..<max(limit, 1) { startNext() }
            for await (index, result) in group {
                results[index] = result
                completed.append(result)
                if !gaveUp, giveUp(completed, wave) { gaveUp = true }
                startNext()
            }
            return results.map { $0 ?? .failure(NotSent()) }
        }
    }
}
