import BoxOfficeCore
/// What `cache stats` prints.
package struct CacheStatisticsOutput: Presentable {
    /// The cache folder.
    package let path: String
    /// Its counts.
    package let statistics: CacheStatistics

    /// Creates the output.
    package init(path: String, statistics: CacheStatistics) {
        self.path = path
        self.statistics = statistics
    }

    /// Each count: its JSON key, CSV key and label.
    private var counts: [(json: String, csv: String, label: Words, value: Int)] {
        [
            ("entries", "entries", Words("Entries", "항목 수"), statistics.entries), ("bytes", "bytes", Words("Bytes", "바이트"), statistics.bytes),
            ("keptForGood", "kept_for_good", Words("Kept for good", "계속 보관"), statistics.permanent),
            ("expired", "expired", Words("Expired", "만료"), statistics.expired),
            ("unreadable", "unreadable", Words("Unreadable", "읽을 수 없음"), statistics.unreadable),
        ]
    }

    /// The path and each count.
    package static let jsonSchema = JSONSchema.object(
        [("path", .string)] + CacheStatisticsOutput(path: "", statistics: CacheStatistics()).counts.map { ($0.json, .integer) })

    /// The path and each count, camelCase like every other JSON.
    package var json: JSONValue {
        .object([("path", .string(path))] + counts.map { ($0.json, .integer($0.value)) })
    }

    /// The folder as a caption and a count a row for people; one row under the keys for CSV and
    /// TSV, the folder last as `path` so that the columns JSON has are all there.
    package var document: Document {
        let people = Table(
            columns: [Column(Words("Statistic", "항목"), key: nil, isTruncatable: true), Column(Words("Value", "값"), key: nil, alignment: .right)],
            rows: counts.map { [.text($0.label.text), .count($0.value)] })
        let machines = Table(
            columns: counts.map { Column.machine($0.csv) } + [Column.machine("path")],
            rows: [counts.map { Cell.count($0.value) } + [Cell.text(path)]])
        return Document([
            Document.Section([.heading(bilingual("Cache folder: \(path)", "캐시 폴더: \(path)"), inMarkdown: false), .table(people), .table(machines)])
        ])
    }
}
