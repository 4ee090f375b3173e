import BoxOfficeCore

/// Options several commands share, each declared once with its default.
package enum SharedOptions {
    static let defaultFormat = OutputFormat.table
    static let timeoutRange = 0.1...600.0
    static let retryRange = 0...10

    /// `--format`, offering the formats a command supports.
    static func format(_ formats: [OutputFormat] = OutputFormat.data, default fallback: OutputFormat = defaultFormat) -> OptionSpec {
        let names = formats.map(\.rawValue)
        return OptionSpec(
            name: .format, kind: .choice(names), valueName: "format",
            help: bilingual("Output format: \(list(names, lastSeparator: " or ")).", "출력 형식: \(list(names, lastSeparator: " 또는 "))."),
            defaultValue: .value(fallback.rawValue))
    }

    /// "a, b or c". Every run declares its commands, and the standard library's `joined` looks up
    /// a conformance on first use by scanning the whole binary, so declarations list by hand.
    package static func list(_ items: [String], lastSeparator: String = ", ") -> String {
        var text = ""
        for (index, item) in items.enumerated() {
            if index > 0 { text += index == items.count - 1 ? lastSeparator : ", " }
            text += item
        }
        return text
    }

    static let color = OptionSpec(
        name: .color, kind: .choice(ColorChoice.allCases.map(\.rawValue)), valueName: "when", help: "Colour tables: auto, always or never.",
        defaultValue: .value(ColorChoice.auto.rawValue))

    /// `--no-color`, as `gh` and `rg` users type it.
    static let noColor = OptionSpec(name: .noColor, help: "No colour: the same as --color never.")

    /// Both ways to choose colour.
    static let colors = [color, noColor]

    /// `-o FILE`: every command that prints data may write it to a file instead (`FileOutput`).
    static let output = OptionSpec(
        name: .output, short: "o", kind: .text, valueName: "file", help: "Write the output to <file> atomically instead of stdout (- is stdout).",
        completion: .paths)

    /// `--fields`, offering the JSON names of a command's columns.
    static func fields(_ names: @autoclosure @escaping @Sendable () -> [String]) -> OptionSpec {
        OptionSpec(
            name: .fields, kind: .text, valueName: "names",
            help: bilingual(
                "Only these fields, in this order, for table, tsv, csv, markdown and jsonl (comma-separated): \(list(names())).",
                "table, tsv, csv, markdown, jsonl에서 이 필드만 이 순서로 씁니다(쉼표로 구분): \(list(names()))."),
            completion: .list(names))
    }

    /// How a command that calls no API prints its data: format, colour and file.
    static let printing = [format()] + colors + [output]

    /// Options every command that calls an API shares: how it prints, and how it asks.
    package static let network =
        printing + [
            OptionSpec(
                name: .timeout, kind: .seconds(timeoutRange), help: "Give up on an attempt, or on a wait for the quota ledger, after this long.",
                defaultValue: .value(NumberText.decimal(ClientConfiguration.defaultTimeout))),
            OptionSpec(
                name: .retries, kind: .integer(retryRange), help: "Retry transient failures this many times.",
                defaultValue: .value(String(RetryPolicy.defaultRetries))),
            OptionSpec(name: .noCache, help: "Neither read nor write the cache."),
            OptionSpec(name: .refresh, help: "Ignore cached answers and store fresh ones."),
            OptionSpec(
                name: .replay, kind: .text, valueName: "dir", help: "Answer from recorded responses in <dir> instead of the network.",
                completion: .folders),
            OptionSpec(
                name: .record, kind: .text, valueName: "dir", help: "Write every response received to <dir>, in the layout --replay reads.",
                completion: .folders),
            OptionSpec(name: .verbose, short: "v", help: "Tell on stderr what happens: cache hits, retries."),
            OptionSpec(name: .ignoreQuota, help: "Send requests even past today's daily limit by boxoffice's count."),
        ]
}

/// `--color`.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
