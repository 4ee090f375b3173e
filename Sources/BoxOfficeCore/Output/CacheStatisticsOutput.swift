/// What `cache stats` prints.
public struct CacheStatisticsOutput: Presentable {
    /// The cache folder.
    public let path: String
    /// Its counts.
    public let statistics: CacheStatistics

    /// Creates the output.
    public init(path: String, statistics: CacheStatistics) {
        self.path = path
        self.statistics = statistics
    }

    private var counts: [(key: String, value: Int)] {
        [("entries", statistics.entries), ("bytes", statistics.bytes), ("kept_for_good", statistics.permanent),
         ("expired", statistics.expired), ("unreadable", statistics.unreadable)]
    }

    /// The path and each count.
    public var json: JSONValue {
        .object([("path", .string(path))] + counts.map { ($0.key, .integer($0.value)) })
    }

    /// A name/value table for people; one row under the names for CSV and TSV.
    public var document: Document {
        let people = Table(
            columns: [Column("Cache", key: nil), Column(path, key: nil, alignment: .right)],
            rows: counts.map { [.text($0.key.replacingOccurrences(of: "_", with: " ")), .count($0.value)] })
        let machines = Table(columns: counts.map { Column.machine($0.key) }, rows: [counts.map { .count($0.value) }])
        return Document([Document.Section([.table(people), .table(machines)])])
    }
}
