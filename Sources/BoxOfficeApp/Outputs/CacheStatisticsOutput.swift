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
    private var counts: [(json: String, csv: String, label: String, value: Int)] {
        [
            ("entries", "entries", "Entries", statistics.entries), ("bytes", "bytes", "Bytes", statistics.bytes),
            ("keptForGood", "kept_for_good", "Kept for good", statistics.permanent), ("expired", "expired", "Expired", statistics.expired),
            ("unreadable", "unreadable", "Unreadable", statistics.unreadable),
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
            columns: [Column("Statistic", key: nil, isTruncatable: true), Column("Value", key: nil, alignment: .right)],
            rows: counts.map { [.text($0.label.localized), .count($0.value)] })
        let machines = Table(
            columns: counts.map { Column.machine($0.csv) } + [Column.machine("path")],
            rows: [counts.map { Cell.count($0.value) } + [Cell.text(path)]])
        return Document([
            Document.Section([.heading(bilingual("Cache folder: \(path)", "캐시 폴더: \(path)"), inMarkdown: false), .table(people), .table(machines)])
        ])
    }
}
