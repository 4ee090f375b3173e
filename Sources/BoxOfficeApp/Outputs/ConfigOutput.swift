import BoxOfficeCore

/// What `config show` prints: where each key comes from, masked.
package struct ConfigOutput: Presentable {
    let configFile: String
    let keys: [APIService: KeyStore.Key]

    private var rows: [(service: String, key: String?, source: String)] {
        APIService.allCases.map { service in
            (service.rawValue, keys[service]?.value.map(KeyStore.mask), keys[service]?.origin ?? KeyStore.notSet)
        }
    }

    /// What `json` holds.
    package static let jsonSchema = JSONSchema.object([
        ("configFile", .string),
        (
            "keys",
            .array(
                .object([
                    ("service", .choice(APIService.allCases.map(\.rawValue))), ("key", .nullable(.string)),
                    ("source", .nullable(.choice(["environment", "file"]))), ("variable", .nullable(.string)), ("path", .nullable(.string)),
                ]))
        ),
    ])

    /// `source` is `"environment"`, `"file"` or null, with the `variable` or the `path` it names.
    package var json: JSONValue {
        .object([
            ("configFile", .string(configFile)),
            (
                "keys",
                .array(
                    APIService.allCases.map { service -> JSONValue in
                        let key = keys[service]
                        let (source, variable, path): (String?, String?, String?) =
                            switch key?.source ?? .unset {
                            case .environment(let name): ("environment", name, nil)
                            case .file(let file): ("file", nil, file)
                            case .unset: (nil, nil, nil)
                            }
                        return .object([
                            ("service", .string(service.rawValue)), ("key", .string(key?.value.map(KeyStore.mask))),
                            ("source", .string(source)), ("variable", .string(variable)), ("path", .string(path)),
                        ])
                    })
            ),
        ])
    }

    package var document: Document {
        let columns = [
            Column(Words("Service", "서비스"), key: "service"), Column(Words("Key", "키"), key: "key", dropOrder: 1),
            Column(Words("Source", "출처"), key: "source", isTruncatable: true),
        ]
        return Document([
            Document.Section([
                .heading(bilingual("Config file: \(configFile)", "설정 파일: \(configFile)"), inMarkdown: false),
                .table(Table(columns: columns, rows: rows.map { [.text($0.service), .text($0.key), .text($0.source)] })),
            ])
        ])
    }
}
