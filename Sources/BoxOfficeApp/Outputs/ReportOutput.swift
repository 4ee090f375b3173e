import BoxOfficeCore
/// What `boxoffice report` prints: the day's top 10 with moves, runs and trends, then the news.
package struct ReportOutput: Presentable {
    /// The report.
    package let report: DailyReport
    /// Whether posters were looked up.
    package let withPosters: Bool
    /// Said under the table when some posters are linked for want of room (`PosterRoom.note`).
    package let linkedPosterNote: String?

    /// Creates the output.
    package init(_ report: DailyReport, withPosters: Bool = false, linkedPosterNote: String? = nil) {
        self.report = report
        self.withPosters = withPosters
        self.linkedPosterNote = linkedPosterNote
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func dayName(_ date: KSTDate) -> String {
        bilingual("\(date.iso) (\(weekdays[(date.weekday + 6) % 7]))", KoreanDate.long(date))
    }

    /// What a re-entry's move reads: back in the chart, not new to cinemas.
    static var reentryMarker: String { bilingual("BACK", "재진입") }

    /// ▲2 (4): two places up from 4th yesterday (`▲2 (전일 4위)` in Korean); NEW (신규); BACK (재진입)
    /// for a re-entry; - unchanged.
    static func move(_ movie: DailyReport.Movie) -> String {
        let change = movie.rankChange == .new ? bilingual("NEW", "신규") : movie.rankChange.marker
        if movie.isReentry { return reentryMarker }
        guard !movie.isNew, let previous = movie.previousRank, previous != movie.rank else { return change }
        return bilingual("\(change) (\(previous))", "\(change) (전일 \(previous)위)")
    }

    /// The move as a cell, coloured as `daily` colours a rank change.
    static func moveCell(_ movie: DailyReport.Movie) -> Cell {
        .move(move(movie), change: movie.rankChange, intensity: movie.rankIntensity)
    }

    /// The report's own schema after its `kind`.
    package static let jsonSchema = DailyReport.jsonSchema.inserting(("kind", .constant(.string("report"))), after: nil)

    /// The whole report as data, every figure of the text: the report's own encoding after a
    /// `"kind": "report"`.
    package var json: JSONValue {
        .object([("kind", .string("report"))] + JSONValue(encoding: report).members)
    }

    /// The table, then a line for each piece of news.
    package var document: Document {
        // At a narrow terminal the title and the day's audience stay; the trend, the report's
        // own figure, is the last to go.
        var columns = [
            Column(Words("#", "순위"), key: "rank", alignment: .right), Column(Words("Move", "증감"), key: "move", alignment: .right, dropOrder: 5),
            Column(Words("Title", "영화명"), key: "title", isTruncatable: true),
            Column(Words("Day", "개봉 일차"), key: "days_since_opening", alignment: .right, dropOrder: 3),
            Column(Words("Audience", "관객수"), key: "audience", alignment: .right),
            Column(Words("Total", "누적관객수"), key: "audience_total", alignment: .right, dropOrder: 4),
            Column(Words("Share", "매출액 점유율"), key: "sales_share", alignment: .right, dropOrder: 2),
            Column(Words("Screens", "스크린수"), key: "screens", alignment: .right, dropOrder: 1),
            Column(Words("Trend", "추이"), key: "trend", dropOrder: 6),
        ]
        if withPosters { columns.append(Column(Words("Poster", "포스터"), key: "poster_url", keepsWhole: true)) }
        let rows: [[Cell]] = report.movies.map { movie in
            var row: [Cell] = [
                .count(movie.rank), Self.moveCell(movie), .film(movie.title, code: movie.code), .count(movie.daysSinceOpening.map { $0 + 1 }),
                .count(movie.audience), .count(movie.audienceTotal), .percentage(movie.salesShare), .count(movie.screens),
                .sparkline(movie.trend),
            ]
            if withPosters { row.append(.image(movie.posterURL, embedded: movie.posterImage)) }
            return row
        }
        var news: [Document.Block] = []
        let titles = Dictionary(report.movies.map { ($0.code, $0.title) }, uniquingKeysWith: { first, _ in first })
        if !report.newEntries.isEmpty {
            let names = report.newEntries.compactMap { titles[$0] }.joined(separator: ", ")
            news.append(.note(bilingual("New: \(names)", "신규 진입: \(names)")))
        }
        let days = Dictionary(report.movies.map { ($0.code, $0.daysSinceOpening) }, uniquingKeysWith: { first, _ in first })
        if !report.reentries.isEmpty {
            let back = report.reentries.compactMap { code in
                titles[code].map { title in
                    days[code].flatMap { $0 }.map { bilingual("\(title) (day \($0 + 1))", "\(title) (개봉 \($0 + 1)일째)") } ?? title
                }
            }.joined(separator: ", ")
            news.append(.note(bilingual("Back in the top 10: \(back)", "10위권 재진입: \(back)")))
        }
        if let climber = report.climber {
            news.append(
                .note(
                    bilingual(
                        "Biggest climber: \(climber.title), ▲\(climber.rankIntensity) to #\(climber.rank)",
                        "최대 상승: \(climber.title), ▲\(climber.rankIntensity) \(climber.rank)위")))
        }
        if let faller = report.faller {
            news.append(
                .note(
                    bilingual(
                        "Biggest faller: \(faller.title), ▼\(-faller.rankIntensity) to #\(faller.rank)",
                        "최대 하락: \(faller.title), ▼\(-faller.rankIntensity) \(faller.rank)위")))
        }
        for milestone in report.milestones {
            news.append(
                .note(
                    bilingual(
                        "Milestone: \(milestone.title) passed \(NumberText.grouped(milestone.milestone)) in total",
                        "\(milestone.title), 누적 관객 \(KoreanDate.count(milestone.milestone)) 명 돌파")))
        }
        if let week = report.sameWeekdayLastWeek {
            let rate = week.changeRate.map { " (\($0 >= 0 ? "+" : "")\(NumberText.oneDecimal($0))%)" } ?? ""
            news.append(
                .note(
                    bilingual(
                        "Top-10 audience: \(NumberText.grouped(week.audience)) against \(NumberText.grouped(week.audienceThatDay)) on \(Self.dayName(week.date))\(rate)",
                        "10위권 관객수: \(KoreanDate.count(week.audience))명, 지난주 같은 요일 \(Self.dayName(week.date)) \(KoreanDate.count(week.audienceThatDay))명 대비\(rate)"
                    )))
        }
        if let year = report.yearSoFar {
            let leader =
                year.leaderTitle.map { title in
                    bilingual(
                        "; \(title) leads with \(year.leaderAudience.map(NumberText.grouped) ?? "-")",
                        ", 1위 \(title) \(year.leaderAudience.map(KoreanDate.count) ?? "-")명")
                } ?? ""
            news.append(
                .note(
                    bilingual(
                        "Year so far (\(year.from.iso) to \(year.to.iso)): \(NumberText.grouped(year.audience)) in the daily top 10s\(leader)",
                        "올해 누적(\(KoreanDate.plain(year.from))~\(KoreanDate.plain(year.to))): 일별 10위권 관객수 \(KoreanDate.count(year.audience))명\(leader)"
                    )))
        }
        if report.movies.isEmpty {
            news.append(.note(bilingual("No movies in the chart of \(report.date.iso).", "\(KoreanDate.plain(report.date)) 박스오피스에는 영화가 없습니다.")))
        } else {
            news.append(.note(Sparkline.scale))
        }
        var first: [Document.Block] = [
            .heading(bilingual("Box office report, \(Self.dayName(report.date))", "\(Self.dayName(report.date)) 박스오피스 리포트"), inMarkdown: true),
            .table(Table(columns: columns, rows: rows)),
        ]
        if withPosters, let linkedPosterNote { first.append(.note(linkedPosterNote)) }
        var sections = [Document.Section(first)]
        if !news.isEmpty { sections.append(Document.Section(news)) }
        return Document(sections)
    }
}
