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
            help: Words("Output format: \(list(names, lastSeparator: " or ")).", "출력 형식: \(list(names, lastSeparator: " 또는 "))."),
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
        name: .color, kind: .choice(ColorChoice.allCases.map(\.rawValue)), valueName: "when",
        help: Words("Colour tables: auto, always or never.", "표 색상: auto, always 또는 never."),
        defaultValue: .value(ColorChoice.auto.rawValue))

    /// `--no-color`, as `gh` and `rg` users type it.
    static let noColor = OptionSpec(name: .noColor, help: Words("No colour: the same as --color never.", "색상 없음(--color never와 같음)."))

    /// Both ways to choose colour.
    static let colors = [color, noColor]

    /// `-o FILE`: every command that prints data may write it to a file instead (`FileOutput`).
    static let output = OptionSpec(
        name: .output, short: "o", kind: .text, valueName: "file",
        help: Words("Write the output to <file> atomically instead of stdout (- is stdout).", "출력을 표준 출력 대신 <file>에 원자적으로 씁니다(-는 표준 출력)."),
        completion: .paths)

    /// `--fields`, offering the JSON names of a command's columns.
    static func fields(_ names: @autoclosure @escaping @Sendable () -> [String]) -> OptionSpec {
        OptionSpec(
            name: .fields, kind: .text, valueName: "names",
            help: Words(
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
                name: .timeout, kind: .seconds(timeoutRange),
                help: Words(
                    "Give up on an attempt, or on a wait for the quota ledger, after this long.", "요청 한 번, 또는 호출 장부를 기다리는 시간이 이만큼 지나면 포기합니다."),
                defaultValue: .value(NumberText.decimal(ClientConfiguration.defaultTimeout))),
            OptionSpec(
                name: .retries, kind: .integer(retryRange), help: Words("Retry transient failures this many times.", "일시적인 실패를 다시 시도할 횟수."),
                defaultValue: .value(String(RetryPolicy.defaultRetries))),
            OptionSpec(name: .noCache, help: Words("Neither read nor write the cache.", "캐시를 읽지도 쓰지도 않기.")),
            OptionSpec(name: .refresh, help: Words("Ignore cached answers and store fresh ones.", "캐시된 응답 대신 새로 받아 저장하기.")),
            OptionSpec(
                name: .replay, kind: .text, valueName: "dir",
                help: Words("Answer from recorded responses in <dir> instead of the network.", "네트워크 대신 <dir>에 기록된 응답으로 답하기."),
                completion: .folders),
            OptionSpec(
                name: .record, kind: .text, valueName: "dir",
                help: Words("Write every response received to <dir>, in the layout --replay reads.", "받은 응답을 모두 --replay가 읽는 형식으로 <dir>에 기록하기."),
                completion: .folders),
            OptionSpec(
                name: .verbose, short: "v", help: Words("Tell on stderr what happens: cache hits, retries.", "무슨 일이 일어나는지 stderr에 알립니다: 캐시 적중, 재시도.")),
            OptionSpec(
                name: .ignoreQuota,
                help: Words("Send requests even past today's daily limit by boxoffice's count.", "boxoffice가 센 오늘의 일일 한도를 넘어서도 요청 보내기.")),
        ]
}

/// `--color`.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
