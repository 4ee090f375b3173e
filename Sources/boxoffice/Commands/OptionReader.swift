import BoxOfficeCore

/// Reads typed option values of a parsed invocation, naming the option in every error.
struct OptionReader: Sendable {
    let invocation: Invocation
    /// The Seoul day used for date defaults and limits.
    let today: KSTDate

    /// The command's names below `boxoffice`, for usage lines.
    var path: [String] { invocation.path.dropFirst().map(\.name) }

    func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }

    func value(_ option: OptionName) -> String? {
        invocation.values[declared(option)]
    }

    /// The option's name, which the command must declare: reading one it does not is a bug.
    private func declared(_ option: OptionName) -> String {
        assert(invocation.command.option(option) != nil, "'\(invocation.command.name)' reads --\(option.rawValue), which it does not declare")
        return option.rawValue
    }

    /// Every value of an option that may repeat, in the order given.
    func values(_ option: OptionName) -> [String] {
        invocation.allValues[declared(option)] ?? []
    }

    func flag(_ option: OptionName) -> Bool {
        invocation.flags.contains(declared(option))
    }

    var positionals: [String] { invocation.positionals }

    /// The first positional as a search term, without the space around it; a blank one is no term.
    var searchTerm: String? {
        positionals.first.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An option's value, where an empty one counts as not given.
    func nonEmptyValue(_ option: OptionName) -> String? {
        value(option).flatMap { $0.isEmpty ? nil : $0 }
    }

    func choice<Value>(_ option: OptionName, _ make: (String) -> Value?) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        if let value = make(text.lowercased()) { return value }
        let choices = invocation.command.option(option)?.choices ?? []
        throw error("'\(text)' is not a valid value for '--\(option.rawValue)'; use \(choices.joined(separator: ", ")).")
    }

    func integer(_ option: OptionName, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw error(
                "'\(text)' is not a valid value for '--\(option.rawValue)'; use a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    func date(_ option: OptionName) throws(UsageError) -> KSTDate? {
        guard let text = value(option) else { return nil }
        guard let date = KSTDate.resolve(text, today: today) else {
            throw error("'\(text)' is not a valid date for '--\(option.rawValue)'; use YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd.")
        }
        guard date <= today else {
            throw error("\(date.iso) is in the future: today in Seoul is \(today.iso).")
        }
        return date
    }

    /// What the library's range rules (`RangeRules`) make of the dates; a range they refuse is a
    /// usage error, said as `ErrorText` says it to this caller.
    func range<Value>(_ rules: () throws -> Value) throws(UsageError) -> Value {
        do {
            return try rules()
        } catch BoxOfficeError.invalidRange(let problem) {
            throw error(ErrorText.line(for: problem))
        } catch {
            throw self.error(ErrorText.message(for: error))
        }
    }

    /// `--format`, among the formats this command declares; another is a usage error naming them.
    func format(default fallback: OutputFormat = SharedOptions.defaultFormat) throws(UsageError) -> OutputFormat {
        let offered = invocation.command.option(.format)?.choices ?? []
        return try choice(.format) { name in OutputFormat(rawValue: name).flatMap { offered.contains($0.rawValue) ? $0 : nil } } ?? fallback
    }

    /// `--fields a,b,c`: names among `offered` (the JSON names of the command's columns) in the
    /// order given; an unknown one is a usage error listing them. `--format json` has every field.
    func fields(among offered: [String], format: OutputFormat) throws(UsageError) -> [String]? {
        guard let text = value(.fields) else { return nil }
        guard format != .json else {
            throw error("--fields is for table, tsv, csv, markdown and jsonl output; --format json has every field (pick them with jq).")
        }
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmed
            guard !name.isEmpty else { throw error("'--fields \(TerminalText.sanitize(text))' has an empty name; separate names with one comma.") }
            guard offered.contains(name) else {
                // The help lists posterURL, which only a chart with posters has.
                let needsPosters = name == "posterURL" && invocation.command.option(.posters) != nil
                let suggestion = CommandLineParser.suggestion(for: name, among: offered).map { " Did you mean '\($0)'?" } ?? ""
                let hint = needsPosters ? " It comes with --posters." : suggestion
                throw error(
                    "'\(TerminalText.sanitize(name))' is not a field of \(invocation.command.name).\(hint) Use \(SharedOptions.list(offered, lastSeparator: " or "))."
                )
            }
            guard !names.contains(name) else { throw error("'--fields' names '\(name)' twice.") }
            names.append(name)
        }
        return names
    }

    /// `--color`, or `--no-color` for `--color never`.
    func color() throws(UsageError) -> ColorChoice {
        let chosen = try choice(.color, ColorChoice.init(rawValue:))
        guard flag(.noColor) else { return chosen ?? .auto }
        guard chosen == nil || chosen == .never else { throw error("Use either --no-color or --color \(chosen?.rawValue ?? ""), not both.") }
        return .never
    }

    func movieCode() throws(UsageError) -> String {
        try code(of: "movie", findWith: "search <title>")
    }

    /// The first argument as a KOBIS code of some kind; empty is a usage error saying where to find one.
    func code(of kind: String, findWith search: String) throws(UsageError) -> String {
        let code = (invocation.positionals.first ?? "").trimmed
        guard !code.isEmpty else { throw error("The \(kind) code is empty; find one with `boxoffice \(search)`.") }
        return code
    }
}
