import BoxOfficeCore

/// What `config show` prints: where each key comes from, masked.
struct ConfigOutput: Presentable {
    let configFile: String
    let keys: [APIService: KeyStore.Key]

    private var rows: [(service: String, key: String?, source: String)] {
        APIService.allCases.map { service in
            (service.rawValue, keys[service]?.value.map(KeyStore.mask), keys[service]?.origin ?? "not set")
        }
    }

    var json: JSONValue {
        .object([
            ("configFile", .string(configFile)),
            ("keys", .array(rows.map { .object([("service", .string($0.service)), ("key", .string($0.key)), ("source", .string($0.source))]) })),
        ])
    }

    var document: Document {
        let columns = [Column("Service", key: "service"), Column("Key", key: "key"), Column("Source", key: "source")]
        return Document([Document.Section([
            .heading("Config file: \(configFile)", inMarkdown: false),
            .table(Table(columns: columns, rows: rows.map { [.text($0.service), .text($0.key), .text($0.source)] })),
        ])])
    }
}
