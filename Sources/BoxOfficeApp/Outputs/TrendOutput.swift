import BoxOfficeCore
/// A movie's run, a day a row: its figures where it was in the top 10, nothing where it was not.
package struct TrendOutput: Presentable {
    /// The movie's code.
    package let code: String
    /// Its title.
    package let title: String
    /// Each day and the movie's entry that day, if it had one.
    package let days: [(date: KSTDate, entry: ChartEntry?)]
    /// The run.
    private let trend: MovieTrend
    /// Days whose chart could not be fetched (`--keep-going`), each with the line that says why:
    /// marked in JSON and JSON Lines, noted for people, absent from CSV and TSV.
    package let missing: [(date: KSTDate, reason: String)]

    /// Creates the output of a run.
    package init(_ trend: MovieTrend, missing: [(date: KSTDate, reason: String)] = []) {
        code = trend.code
        title = trend.title
        days = trend.days.map { ($0.date, $0.entry) }
        self.trend = trend
        self.missing = missing
    }

    /// `{"code", "title", "days": [{"date", "rank", "rankChange", …, "shows"}]}`: the run's own
    /// encoding, each day the movie's line of that day's chart; a missing day is
    /// `{"date", "missing": true, "error"}` in its place.
    package var json: JSONValue {
        let document = JSONValue(encoding: trend)
        guard !missing.isEmpty else { return document }
        let encoded = zip(trend.days.map(\.date), document.elements(of: "days"))
        let marked = missing.map {
            ($0.date, JSONValue.object([("date", .string($0.date.iso)), ("missing", .bool(true)), ("error", .string($0.reason))]))
        }
        let days = (Array(encoded) + marked).sorted { $0.0 < $1.0 }.map(\.1)
        return .object(document.members.map { $0.0 == "days" ? ($0.0, .array(days)) : $0 })
    }

    /// The run's own schema, a missing day in place of a day.
    package static let jsonSchema = MovieTrend.jsonSchema.replacing(
        "days",
        with: .array(.anyOf([MovieTrend.Day.jsonSchema, .object([("date", .date), ("missing", .constant(.bool(true))), ("error", .string)])])))

    /// One day a line, each naming the movie so lines of several runs can be mixed:
    /// `{"code", "title", "date", "rank", …}`, the movie's code and title once.
    package var jsonLines: [JSONValue] {
        let document = json
        let movie = document.members.filter { $0.0 != "days" }
        let named = Set(movie.map(\.0))
        return document.elements(of: "days").map { day in JSONValue.object(movie + day.members.filter { !named.contains($0.0) }) }
    }

    /// A heading and a row a day.
    package var document: Document {
        let columns = [
            Column.machine("code"), Column(Words("Date", "날짜"), key: "date"), Column(Words("#", "순위"), key: "rank", alignment: .right, dropOrder: 5),
            Column(Words("Audience", "관객수"), key: "audience", alignment: .right),
            Column(Words("Total", "누적관객수"), key: "audience_total", alignment: .right, dropOrder: 4),
            Column(Words("Share", "매출액 점유율"), key: "sales_share", alignment: .right, dropOrder: 3),
            Column(Words("Screens", "스크린수"), key: "screens", alignment: .right, dropOrder: 2),
            Column(Words("Shows", "상영횟수"), key: "shows", alignment: .right, dropOrder: 1),
            // Last, as the CSV header only grows: so that `--fields title` works as on its JSON lines.
            Column.machine("title"),
        ]
        let rows: [[Cell]] = days.map { day in
            [
                .text(code), .date(day.date), .count(day.entry?.rank), .count(day.entry?.audience), .count(day.entry?.audienceTotal),
                .percentage(day.entry?.salesShare), .count(day.entry?.screens), .count(day.entry?.shows), .text(title),
            ]
        }
        let dates = (days.map(\.date) + missing.map(\.date)).sorted()
        let first = dates.first?.iso ?? "", last = dates.last?.iso ?? ""
        let period = dates.first.flatMap { first in dates.last.map { KoreanDate.range(first, $0) } } ?? ""
        let shown = days.filter { $0.entry != nil }.count
        let gaps: [Document.Block] = missing.map {
            .note(bilingual("Missing: \($0.date.iso), \($0.reason)", "빠진 날: \(KoreanDate.long($0.date)), \($0.reason)"))
        }
        let fetched = missing.isEmpty ? "" : bilingual(" fetched", "")
        return Document([
            Document.Section(
                [
                    .heading(bilingual("\(title) (\(code)), \(first) to \(last)", "\(title)(영화 코드 \(code)) \(period) 추이"), inMarkdown: true),
                    .table(Table(columns: columns, rows: rows)),
                    .note(
                        bilingual(
                            "In the top 10 on \(shown) of \(days.count) \(days.count == 1 ? "day" : "days")\(fetched).",
                            "\(missing.isEmpty ? "" : "받은 ")\(days.count)일 가운데 \(shown)일 10위 안에 들었습니다.")),
                ] + gaps)
        ])
    }
}
