import BoxOfficeCore
import Foundation

extension Runner {
    /// One chart or a range, rendered; progress on stderr only when it is a terminal.
    func charts(_ request: ChartRequest) async throws -> String {
        let query = request.query
        let client = try makeClient(request.network, needs: query.withPosters ? [.kobis, .kakao] : [.kobis])
        let unit = query.span == .daily ? "days" : "weeks"
        let progress = request.isRange && context.stderrIsTerminal ? ProgressLine(total: query.dates.count, unit: unit) : nil
        let charts = try await ChartFetcher(client: client).charts(query) { await progress?.advance() }
        await progress?.finish()
        return DocumentWriter.write(
            ChartsOutput(charts, asRange: request.isRange, withPosters: query.withPosters), format: request.network.format, style: style(request.network))
    }
}
