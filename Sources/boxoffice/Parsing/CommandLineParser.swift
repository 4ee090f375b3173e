import BoxOfficeCore

/// Parses arguments the way swift-argument-parser does: `--name value`, `--name=value`,
/// `-x value`, `-xy` for short flags combined, `--` ending options, and "did you mean" for near misses.
enum CommandLineParser {
    static func parse(_ arguments: [String], root: CommandSpec = CommandCatalog.root) throws(UsageError) -> Invocation {
        var invocation = Invocation(path: [root])
        var remaining = arguments[...]
        var optionsEnded = false

        func currentPath() -> [String] { invocation.path.dropFirst().map(\.name) }

        while let word = remaining.popFirst() {
            let command = invocation.command
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                if !optionsEnded, !command.subcommands.isEmpty, invocation.positionals.isEmpty {
                    guard let subcommand = command.subcommand(named: word) else {
                        // `boxoffice version`: an option's name given as a command.
                        let option = command.option(named: word.lowercased()).map { "--" + $0.name }
                        let hint =
                            (option ?? suggestion(for: word, among: command.visibleSubcommands.map(\.name))).map(didYouMean) ?? ""
                        throw UsageError(
                            bilingual("Unknown command '\(word)'.\(hint)", "알 수 없는 명령어입니다: '\(word)'.\(hint)"), commandPath: currentPath())
                    }
                    invocation.path.append(subcommand)
                    continue
                }
                invocation.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            // `-vd 20230818`: short flags combined, the last letter may take a value.
            if !word.hasPrefix("--"), word.count > 2, let letter = word.dropFirst().first,
                let flag = command.option(short: letter), flag.isFlag
            {
                invocation.flags.insert(flag.name)
                remaining = (["-" + String(word.dropFirst(2))] + remaining)[...]
                continue
            }
            let (option, attachedValue) = try resolve(word, in: command, path: currentPath())
            if option.isFlag {
                if attachedValue != nil {
                    throw UsageError(
                        bilingual("The flag '--\(option.name)' does not take a value.", "값을 붙이지 않는 옵션입니다: '--\(option.name)'."),
                        commandPath: currentPath())
                }
                invocation.flags.insert(option.name)
                continue
            }
            // A long option where its value should be means the value was forgotten ('--director
            // --year 2023'); a value that starts with '--' can still be attached: '--name=--x'.
            // One dash stays a value: '-3d', or '-' for standard output.
            let form = "--\(option.name) <\(option.valueName ?? "value")>"
            if attachedValue == nil, let next = remaining.first, next.hasPrefix("--") {
                throw UsageError(
                    bilingual("Missing value for '\(form)' before '\(next)'.", "값이 없습니다: '\(next)' 앞의 '\(form)'."), commandPath: currentPath())
            }
            guard let value = attachedValue ?? remaining.popFirst() else {
                throw UsageError(bilingual("Missing value for '\(form)'.", "값이 없습니다: '\(form)'."), commandPath: currentPath())
            }
            invocation.values[option.name, default: []].append(value)
        }
        if invocation.wantsHelp { return invocation }
        try checkPositionals(invocation)
        return invocation
    }

    private static func resolve(_ word: String, in command: CommandSpec, path: [String]) throws(UsageError) -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = command.option(named: name) else {
                let hint = suggestion(for: name, among: command.options.map(\.name)).map { didYouMean("--" + $0) } ?? ""
                throw UsageError(bilingual("Unknown option '--\(name)'.\(hint)", "알 수 없는 옵션입니다: '--\(name)'.\(hint)"), commandPath: path)
            }
            return (option, value)
        }
        let body = word.dropFirst()
        guard let letter = body.first, let option = command.option(short: letter) else {
            throw UsageError(bilingual("Unknown option '\(word)'.", "알 수 없는 옵션입니다: '\(word)'."), commandPath: path)
        }
        let rest = body.dropFirst()
        if rest.isEmpty { return (option, nil) }
        guard !option.isFlag else { throw UsageError(bilingual("Unknown option '\(word)'.", "알 수 없는 옵션입니다: '\(word)'."), commandPath: path) }
        return (option, String(rest.hasPrefix("=") ? rest.dropFirst() : rest))
    }

    private static func checkPositionals(_ invocation: Invocation) throws(UsageError) {
        let command = invocation.command
        let path = invocation.path.dropFirst().map(\.name)
        let required = command.arguments.filter { !$0.isOptional }
        if invocation.positionals.count < required.count {
            let name = required[invocation.positionals.count].name
            throw UsageError(bilingual("Missing expected argument '<\(name)>'.", "인자가 없습니다: '<\(name)>'."), commandPath: path)
        }
        if invocation.positionals.count > command.arguments.count {
            let word = invocation.positionals[command.arguments.count]
            // `daily 20230818`: a date where --date was meant.
            let looksLikeDate = KSTDate(parsing: word) != nil || ["today", "yesterday"].contains(word.lowercased())
            let hint = command.option(.date) != nil && looksLikeDate ? didYouMean("--date \(word)") : ""
            throw UsageError(bilingual("Unexpected argument '\(word)'.\(hint)", "예상하지 못한 인자입니다: '\(word)'.\(hint)"), commandPath: path)
        }
    }

    /// The closest name within two edits, if any.
    static func suggestion(for word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func editDistance(_ left: String, _ right: String) -> Int {
        let left = Array(left)
        let right = Array(right)
        var previous = Array(0...right.count)
        for (index, leftCharacter) in left.enumerated() {
            var current = [index + 1]
            for (otherIndex, rightCharacter) in right.enumerated() {
                let substitution = previous[otherIndex] + (leftCharacter == rightCharacter ? 0 : 1)
                current.append(min(previous[otherIndex + 1] + 1, current[otherIndex] + 1, substitution))
            }
            previous = current
        }
        return previous[right.count]
    }
}

/// " Did you mean 'x'?": the hint after a word that is nearly a known one.
func didYouMean(_ word: String) -> String {
    bilingual(" Did you mean '\(word)'?", " 혹시 '\(word)'인가요?")
}
