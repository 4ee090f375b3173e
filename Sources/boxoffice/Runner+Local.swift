import BoxOfficeCore
import Foundation

extension Runner {
    func cacheStatistics(_ format: OutputFormat) -> String {
        let statistics = ResponseCache(directory: paths.responses).statistics(now: context.now)
        let rows: [(String, Int)] = [
            ("entries", statistics.entries), ("bytes", statistics.bytes), ("kept_for_good", statistics.permanent),
            ("expired", statistics.expired), ("unreadable", statistics.unreadable),
        ]
        switch format {
        case .json, .jsonl:
            let object = JSONValue.object([("path", .string(paths.responses.path))] + rows.map { ($0.0, .integer($0.1)) })
            return object.serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            return DelimitedTextWriter.document(format, header: rows.map(\.0), rows: [rows.map { .number($0.1) }])
        case .markdown:
            return MarkdownTableWriter.render(columns: [TableColumn("Field"), TableColumn("Value", alignment: .right)], rows: rows.map { [$0.0, String($0.1)] })
        case .table:
            let renderer = TableRenderer(columns: [TableColumn("Cache"), TableColumn(paths.responses.path, alignment: .right)])
            return renderer.render(rows.map { [TableCell($0.0.replacingOccurrences(of: "_", with: " ")), TableCell(NumberText.grouped(Int64($0.1)))] })
        }
    }

    func clearCache() throws -> String {
        do {
            let count = try ResponseCache(directory: paths.responses).clear()
            context.log("Removed \(count) cached answer\(count == 1 ? "" : "s") from \(paths.responses.path).")
            return ""
        } catch {
            throw ConfigurationError(description: "Cannot clear the cache at \(paths.responses.path).", isInternal: true)
        }
    }

    func quota(_ format: OutputFormat) -> String {
        let today = context.today
        let ledger = QuotaLedger(file: paths.quotaFile)
        if ledger.reading(on: today) == .unreadable {
            context.log("warning: the quota ledger \(paths.quotaFile.path) is unreadable; today's count is shown as zero.")
        }
        let counts = ledger.counts(on: today)
        let rows = APIService.allCases.map { service -> (APIService, Int) in (service, counts[service] ?? 0) }
        switch format {
        case .json, .jsonl:
            let object = JSONValue.object([
                ("date", .date(today)),
                ("services", .array(rows.map { service, used in
                    .object([("service", .string(service.rawValue)), ("calls", .integer(used)), ("limit", .integer(service.dailyQuota)),
                             ("remaining", .integer(max(service.dailyQuota - used, 0)))])
                })),
            ])
            return object.serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            let header = ["date", "service", "calls", "limit", "remaining"]
            let cells: [[DelimitedCell]] = rows.map { service, used in
                [.number(today.iso), .text(service.rawValue), .number(String(used)), .number(String(service.dailyQuota)),
                 .number(String(max(service.dailyQuota - used, 0)))]
            }
            return DelimitedTextWriter.document(format, header: header, rows: cells)
        case .markdown, .table:
            let columns = [TableColumn("Service"), TableColumn("Calls", alignment: .right), TableColumn("Limit", alignment: .right),
                           TableColumn("Used", alignment: .right)]
            let values = rows.map { service, used in
                [service.displayName, NumberText.grouped(Int64(used)), NumberText.grouped(Int64(service.dailyQuota)),
                 NumberText.decimal((Double(used) * 1000 / Double(service.dailyQuota)).rounded() / 10) + "%"]
            }
            if format == .markdown { return MarkdownTableWriter.render(columns: columns, rows: values) }
            return "Calls today (\(today.iso), Seoul)\n" + TableRenderer(columns: columns).render(values.map { $0.map { TableCell($0) } })
        }
    }

    func setKey(for service: APIService) throws -> String {
        if context.stdinIsTerminal {
            context.log("Paste the \(service.displayName) key, then press Enter and Ctrl-D:")
        }
        let example = "for example: printf %s \"$KEY\" | boxoffice config set \(service.rawValue)"
        let input = context.readStandardInput(Self.longestKeyInput + 1)
        guard input.count <= Self.longestKeyInput else {
            throw UsageError("The standard input is longer than 4 KiB; give the key alone, \(example)", commandPath: ["config", "set"])
        }
        let key = String(decoding: input, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            throw UsageError("Give the key on standard input, \(example)", commandPath: ["config", "set"])
        }
        guard !KeyStore.hasWhitespaceOrControls(key) else {
            throw UsageError("The key contains spaces or control characters, which no API key has; give the key alone, \(example)",
                             commandPath: ["config", "set"])
        }
        let store = KeyStore(context: context, paths: paths)
        try store.store(key, for: service)
        context.log("Stored the \(service.displayName) key (\(KeyStore.mask(key))) in \(paths.configFile.path).")
        return ""
    }

    /// A key is a few dozen characters; anything past this is not a key.
    static let longestKeyInput = 4096

    func showConfiguration(_ format: OutputFormat) throws -> String {
        let keys = try KeyStore(context: context, paths: paths).keys()
        let rows = APIService.allCases.map { service -> (service: String, key: String?, source: String) in
            let key = keys[service]
            return (service.rawValue, key?.value.map(KeyStore.mask), key?.origin ?? "not set")
        }
        switch format {
        case .json, .jsonl:
            let object = JSONValue.object([
                ("configFile", .string(paths.configFile.path)),
                ("keys", .array(rows.map { .object([("service", .string($0.service)), ("key", .string($0.key)), ("source", .string($0.source))]) })),
            ])
            return object.serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            let cells: [[DelimitedCell]] = rows.map { [.text($0.service), .text($0.key), .text($0.source)] }
            let header = ["service", "key", "source"]
            return DelimitedTextWriter.document(format, header: header, rows: cells)
        case .markdown:
            return MarkdownTableWriter.render(columns: Self.configColumns, rows: rows.map { [$0.service, $0.key ?? "-", $0.source] })
        case .table:
            return "Config file: \(paths.configFile.path)\n"
                + TableRenderer(columns: Self.configColumns).render(rows.map { [TableCell($0.service), TableCell($0.key ?? "-"), TableCell($0.source)] })
        }
    }

    private static let configColumns = [TableColumn("Service"), TableColumn("Key"), TableColumn("Source")]
}
