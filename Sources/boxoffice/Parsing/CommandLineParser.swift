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
                            (option ?? suggestion(for: word, among: command.visibleSubcommands.map(\.name))).map { " Did you mean '\($0)'?" } ?? ""
                        throw UsageError("Unknown command '\(word)'.\(hint)", commandPath: currentPath())
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
                    throw UsageError("The flag '--\(option.name)' does not take a value.", commandPath: currentPath())
                }
                invocation.flags.insert(option.name)
                continue
            }
            // A long option where its value should be means the value was forgotten ('--director
            // --year 2023'); a value that starts with '--' can still be attached: '--name=--x'.
            // One dash stays a value: '-3d', or '-' for standard output.
            let missing = "Missing value for '--\(option.name) <\(option.valueName ?? "value")>'"
            if attachedValue == nil, let next = remaining.first, next.hasPrefix("--") {
                throw UsageError("\(missing) before '\(next)'.", commandPath: currentPath())
            }
            guard let value = attachedValue ?? remaining.popFirst() else {
                throw UsageError("\(missing).", commandPath: currentPath())
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
                let hint = suggestion(for: name, among: command.options.map(\.name)).map { " Did you mean '--\($0)'?" } ?? ""
                throw UsageError("Unknown option '--\(name)'.\(hint)", commandPath: path)
            }
            return (option, value)
        }
        let body = word.dropFirst()
        guard let letter = body.first, let option = command.option(short: letter) else {
            throw UsageError("Unknown option '\(word)'.", commandPath: path)
        }
        let rest = body.dropFirst()
        if rest.isEmpty { return (option, nil) }
        guard !option.isFlag else { throw UsageError("Unknown option '\(word)'.", commandPath: path) }
        return (option, String(rest.hasPrefix("=") ? rest.dropFirst() : rest))
    }

    private static func checkPositionals(_ invocation: Invocation) throws(UsageError) {
        let command = invocation.command
        let path = invocation.path.dropFirst().map(\.name)
        if !command.subcommands.isEmpty, invocation.path.count > 1 {
            throw UsageError("Missing subcommand: one of \(command.visibleSubcommands.map(\.name).joined(separator: ", ")).", commandPath: path)
        }
        let required = command.arguments.filter { !$0.isOptional }
        if invocation.positionals.count < required.count {
            throw UsageError("Missing expected argument '<\(required[invocation.positionals.count].name)>'.", commandPath: path)
        }
        if invocation.positionals.count > command.arguments.count {
            let word = invocation.positionals[command.arguments.count]
            // `daily 20230818`: a date where --date was meant.
            let looksLikeDate = KSTDate(parsing: word) != nil || ["today", "yesterday"].contains(word.lowercased())
            let hint = command.option(.date) != nil && looksLikeDate ? " Did you mean '--date \(word)'?" : ""
            throw UsageError("Unexpected argument '\(word)'.\(hint)", commandPath: path)
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
