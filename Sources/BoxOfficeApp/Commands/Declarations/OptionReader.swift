import BoxOfficeCore

/// Reads typed values from a command line or a tool call, each as its option's declaration says
/// (its kind, its range, its choices), naming the option in every error as the caller names it.
package struct OptionReader: Sendable {
    package init(source: any ArgumentSource, today: KSTDate, networkDefaults: NetworkOptions = NetworkOptions()) {
        self.source = source
        self.today = today
        self.networkDefaults = networkDefaults
    }

    let source: any ArgumentSource
    /// The Seoul day used for date defaults and limits.
    let today: KSTDate
    /// Where the network options start from: the built-in defaults on the command line, the
    /// server's own options (`boxoffice mcp --timeout 20`) for a tool call.
    var networkDefaults = NetworkOptions()

    var command: CommandSpec { source.command }
    var caller: Caller { source.caller }

    package func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: source.commandPath)
    }

    /// How messages name the option: `--date` on the command line, `date` for a tool.
    func name(_ option: OptionName) -> String {
        caller.name(of: option)
    }

    /// Whether the command declares the option: some commands leave out one of a shared set.
    func declares(_ option: OptionName) -> Bool {
        command.option(option) != nil
    }

    /// The option's declaration, which the command must have: reading one it does not is a bug.
    private func declaration(_ option: OptionName) -> OptionSpec {
        guard let spec = command.option(option) else {
            assertionFailure("'\(command.name)' reads --\(option.rawValue), which it does not declare")
            return OptionSpec(name: option, kind: .text, help: Words("", ""))
        }
        return spec
    }

    /// The value that counts: the last one given.
    private func given(_ option: OptionName) -> GivenValue? {
        source.values(of: option).last
    }

    private func invalid(_ value: GivenValue, for option: OptionName, noun: String = "value") -> UsageError {
        let expected = declaration(option).kind.expectation
        return noun == "date"
            ? error(
                bilingual(
                    "\(value.quoted) is not a valid date for '\(name(option))'; use \(expected).",
                    "'\(name(option))'에 쓸 수 없는 날짜입니다: \(value.quoted). 쓸 수 있는 형식: \(expected)."))
            : error(
                bilingual(
                    "\(value.quoted) is not a valid \(noun) for '\(name(option))'; use \(expected).",
                    "'\(name(option))'에 쓸 수 없는 값입니다: \(value.quoted). 쓸 수 있는 값: \(expected)."))
    }

    /// Whether a flag is on: named on the command line, `true` in a tool call.
    package func flag(_ option: OptionName) throws(UsageError) -> Bool {
        guard let value = given(option) else { return false }
        switch value {
        case .present, .word: return true
        case .json(.bool(let isOn)): return isOn
        case .json: throw invalid(value, for: option)
        }
    }

    /// The option's text.
    func text(_ option: OptionName) throws(UsageError) -> String? {
        guard let value = given(option) else { return nil }
        guard let text = value.text else { throw invalid(value, for: option) }
        return text
    }

    /// Every value of an option that may repeat, in the order given.
    func texts(_ option: OptionName) throws(UsageError) -> [String] {
        assert(declaration(option).repeats, "--\(option.rawValue) does not repeat")
        var texts: [String] = []
        for value in source.values(of: option) {
            guard let text = value.text else { throw invalid(value, for: option) }
            texts.append(text)
        }
        return texts
    }

    /// An option's text, where an empty one counts as not given.
    func nonEmptyText(_ option: OptionName) throws(UsageError) -> String? {
        try text(option).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One of the option's choices, made into a value; another word is an error listing them.
    func choice<Value>(_ option: OptionName, _ make: (String) -> Value?) throws(UsageError) -> Value? {
        guard let value = given(option) else { return nil }
        guard let text = value.text, let made = make(text.lowercased()) else { throw invalid(value, for: option) }
        return made
    }

    /// A whole number within the option's range.
    func integer(_ option: OptionName) throws(UsageError) -> Int? {
        guard let value = given(option) else { return nil }
        guard case .integer(let range) = declaration(option).kind else {
            assertionFailure("--\(option.rawValue) is not a whole number")
            return nil
        }
        let number: Int? =
            switch value {
            case .word(let text): Int(text)
            case .json(.integer(let number)): Int(exactly: number)
            case .json(.number(let number)): Int(exactly: number)
            case .present, .json: nil
            }
        guard let number, range.contains(number) else { throw invalid(value, for: option) }
        return number
    }

    /// A number of seconds within the option's range.
    package func seconds(_ option: OptionName) throws(UsageError) -> Double? {
        guard let value = given(option) else { return nil }
        guard case .seconds(let range) = declaration(option).kind else {
            assertionFailure("--\(option.rawValue) is not a number of seconds")
            return nil
        }
        let number: Double? =
            switch value {
            case .word(let text): Double(text)
            case .json(.integer(let number)): Double(number)
            case .json(.number(let number)): number
            case .present, .json: nil
            }
        guard let number, range.contains(number) else { throw invalid(value, for: option) }
        return number
    }

    /// A day in Seoul, today at the latest.
    func date(_ option: OptionName) throws(UsageError) -> KSTDate? {
        guard let value = given(option) else { return nil }
        guard let text = value.text, let date = KSTDate.resolve(text, today: today) else {
            throw invalid(value, for: option, noun: "date")
        }
        guard date <= today else {
            throw error(
                bilingual("\(date.iso) is in the future: today in Seoul is \(today.iso).", "미래의 날짜입니다: \(date.iso). 한국 날짜로 오늘은 \(today.iso)입니다."))
        }
        return date
    }

    /// What the library's range rules (`RangeRules`) make of the dates; a range they refuse is a
    /// usage error, said as `ErrorText` says it to this caller.
    func range<Value>(_ rules: () throws -> Value) throws(UsageError) -> Value {
        do {
            return try rules()
        } catch BoxOfficeError.invalidRange(let problem) {
            throw error(ErrorText.line(for: problem, naming: name))
        } catch {
            throw self.error(ErrorText.message(for: error, caller: caller))
        }
    }

    /// `--format`, among the formats this command declares; another is a usage error naming them.
    func format(default fallback: OutputFormat = SharedOptions.defaultFormat) throws(UsageError) -> OutputFormat {
        guard declares(.format) else { return fallback }
        let offered = declaration(.format).choices
        return try choice(.format) { name in OutputFormat(rawValue: name).flatMap { offered.contains($0.rawValue) ? $0 : nil } } ?? fallback
    }

    /// `--fields a,b,c`: names among `offered` (the JSON names of the command's columns) in the
    /// order given; an unknown one is a usage error listing them. `--format json` has every field.
    /// `--fields`, each name among `offered`; with `offered` nil (names only the run knows, such
    /// as a statement's columns), any name, for the command to check.
    func fields(among offered: [String]?, format: OutputFormat) throws(UsageError) -> [String]? {
        guard let text = try text(.fields) else { return nil }
        guard format != .json else {
            throw error(
                bilingual(
                    "--fields is for table, tsv, csv, markdown and jsonl output; --format json has every field (pick them with jq).",
                    "--fields는 table, tsv, csv, markdown, jsonl 출력에 씁니다. --format json에는 모든 필드가 있습니다(jq로 고르세요)."))
        }
        guard !text.trimmed.isEmpty else {
            throw error(bilingual("--fields needs one or more names, separated by commas.", "--fields에는 이름을 하나 이상, 쉼표로 나누어 주세요."))
        }
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmed
            guard !name.isEmpty else {
                throw error(
                    bilingual(
                        "'--fields \(TerminalText.sanitize(text))' has an empty name; separate names with one comma.",
                        "'--fields \(TerminalText.sanitize(text))'에 빈 이름이 있습니다. 이름은 쉼표 하나로 나누세요."))
            }
            if let offered, !offered.contains(name) {
                // The help lists posterURL, which only a chart with posters has.
                let needsPosters = name == "posterURL" && declares(.posters)
                let suggestion = didYouMean(Suggestion.closest(to: name, among: offered))
                let hint = needsPosters ? bilingual(" It comes with --posters.", " --posters와 함께 씁니다.") : suggestion
                let shown = TerminalText.sanitize(name)
                throw error(
                    bilingual(
                        "'\(shown)' is not a field of \(command.name).\(hint) Use \(SharedOptions.list(offered, lastSeparator: " or ")).",
                        "\(command.name)에는 '\(shown)' 항목이 없습니다.\(hint) 쓸 수 있는 항목: \(offered.joined(separator: ", ")).")
                )
            }
            guard !names.contains(name) else {
                throw error(bilingual("'--fields' names '\(name)' twice.", "'--fields'에 같은 이름이 두 번 있습니다: '\(name)'."))
            }
            names.append(name)
        }
        return names
    }

    /// `--color`, or `--no-color` for `--color never`.
    func color() throws(UsageError) -> ColorChoice {
        guard declares(.color) else { return .auto }
        let chosen = try choice(.color, ColorChoice.init(rawValue:))
        guard try flag(.noColor) else { return chosen ?? .auto }
        guard chosen == nil || chosen == .never else {
            let color = "--color \(chosen?.rawValue ?? "")"
            throw error(bilingual("Use either --no-color or \(color), not both.", "--no-color와 \(color) 가운데 하나만 쓰세요."))
        }
        return .never
    }

    /// The positional argument at `index`, as text.
    package func argument(_ index: Int) throws(UsageError) -> String? {
        guard let value = source.argument(at: index) else { return nil }
        guard let text = value.text else {
            let name = command.arguments.indices.contains(index) ? caller.name(of: command.arguments[index]) : "argument \(index + 1)"
            throw error(
                bilingual("\(value.quoted) is not a valid value for '\(name)'; use a string.", "'\(name)'에 쓸 수 없는 값입니다: \(value.quoted). 문자열을 쓰세요."))
        }
        return text
    }

    /// The first argument as a search term, without the space around it; a blank one is no term.
    func searchTerm() throws(UsageError) -> String? {
        try argument(0).map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    }

    func movieCode() throws(UsageError) -> String {
        try code(of: Words("movie", "영화"), findWith: SearchCommand.spec)
    }

    /// The first argument as a KOBIS code of some kind; empty is a usage error saying where to find one.
    func code(of kind: Words, findWith search: CommandSpec) throws(UsageError) -> String {
        let code = (try argument(0) ?? "").trimmed
        guard !code.isEmpty else {
            let finder = caller.command(search)
            throw error(
                bilingual(
                    "The \(kind.english) code is empty\(finder.map { "; find one with `\($0)`" } ?? "").",
                    "\(kind.korean) 코드가 비어 있습니다.\(finder.map { " `\($0)`로 찾을 수 있습니다." } ?? "")"))
        }
        return code
    }
}
