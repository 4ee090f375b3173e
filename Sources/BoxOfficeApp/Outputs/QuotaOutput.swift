import BoxOfficeCore
/// What `quota` prints: today's calls against each service's daily limit.
package struct QuotaOutput: Presentable {
    /// The Seoul day counted.
    package let day: KSTDate
    /// Calls made that day, by service.
    package let counts: [APIService: Int]

    /// Creates the output.
    package init(day: KSTDate, counts: [APIService: Int]) {
        self.day = day
        self.counts = counts
    }

    private func used(_ service: APIService) -> Int { counts[service] ?? 0 }
    private func remaining(_ service: APIService) -> Int { max(service.dailyQuota - used(service), 0) }

    /// What `json` holds.
    package static let jsonSchema = JSONSchema.object([
        ("date", .date),
        (
            "services",
            .array(
                .object([
                    ("service", .choice(APIService.allCases.map(\.rawValue))), ("calls", .integer), ("limit", .integer), ("remaining", .integer),
                ]))
        ),
    ])

    /// The day and each service's calls, limit and what remains.
    package var json: JSONValue {
        .object([
            ("date", .date(day)),
            (
                "services",
                .array(
                    APIService.allCases.map { service in
                        .object([
                            ("service", .string(service.rawValue)), ("calls", .integer(used(service))), ("limit", .integer(service.dailyQuota)),
                            ("remaining", .integer(remaining(service))),
                        ])
                    })
            ),
        ])
    }

    /// A table a service a row, under a caption at a terminal.
    package var document: Document {
        // The share used says how close the day is to the limit: it stays when Limit and Calls go.
        let columns = [
            Column.machine("date"), Column(Words("Service", "서비스"), key: nil), Column.machine("service"),
            Column(Words("Calls", "호출 수"), key: "calls", alignment: .right, dropOrder: 2),
            Column(Words("Limit", "한도"), key: "limit", alignment: .right, dropOrder: 1), Column.machine("remaining"),
            Column(Words("Used", "사용률"), key: nil, alignment: .right),
        ]
        let rows: [[Cell]] = APIService.allCases.map { service in
            let share = (Double(used(service)) * 1000 / Double(service.dailyQuota)).rounded() / 10
            return [
                .date(day), .text(bilingual(service.displayName, service.koreanName)), .text(service.rawValue), .count(used(service)),
                .count(service.dailyQuota),
                .count(remaining(service)), .percentage(share),
            ]
        }
        return Document([
            Document.Section([
                .heading(bilingual("Calls today (\(day.iso), Seoul)", "\(KoreanDate.long(day)) API 호출(서울 날짜 기준)"), inMarkdown: true),
                .table(Table(columns: columns, rows: rows)),
            ])
        ])
    }
}
