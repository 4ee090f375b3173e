import BoxOfficeCore
import Foundation

extension Runner {
    /// One chart or a range, rendered; progress on stderr only when it is a terminal.
    func charts(_ request: ChartRequest) async throws -> String {
        let query = request.query
        let client = try makeClient(request.network, needs: query.withPosters ? [.kobis, .kakao] : [.kobis])
        let unit = query.span == .daily ? "days" : "weeks"
        let progress = request.isRange && context.stderrIsTerminal ? Progress(total: query.dates.count, unit: unit) : nil
        let charts = try await ChartFetcher(client: client).charts(query) { await progress?.advance() }
        await progress?.finish()
        return ChartRenderer.render(charts, format: request.network.format, style: style(request.network), asRange: request.isRange,
                                     withPosters: query.withPosters)
    }
}

/// `12/31 days` on stderr while a range loads, only when stderr is a terminal.
actor Progress {
    private let total: Int
    private let unit: String
    private var done = 0

    init(total: Int, unit: String) {
        self.total = total
        self.unit = unit
    }

    func advance() {
        done += 1
        Terminal.write("\r\(done)/\(total) \(unit)", to: STDERR_FILENO)
    }

    func finish() {
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}

