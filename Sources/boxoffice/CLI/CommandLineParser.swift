import BoxOfficeApp
import BoxOfficeCore

/// Parses arguments the way swift-argument-parser does: `--name value`, `--name=value`,
/// `-x value`, `-xy` for short flags combined, `--` ending options, and "did you mean" for near misses.
enum CommandLineParser {
    static func parse(_ arguments: [String], root: CommandSpec = CommandCatalog.root) throws(UsageError) -> Invocation {
        let (invocation, error) = read(arguments, root: root)
        if let error { throw error }
        return invocation
    }

    /// The invocation as far as the words make one, and the first mistake in them, if any. The
    /// words after a mistake are still read, so that `--lang` says which language to tell it in
    /// wherever it stands.
    static func read(_ arguments: [String], root: CommandSpec = CommandCatalog.root) -> (Invocation, UsageError?) {
        var invocation = Invocation(path: [root])
        var remaining = arguments[...]
        var optionsEnded = false
        var firstError: UsageError?

        func currentPath() -> [String] { invocation.path.dropFirst().map(\.name) }

        func take(_ word: String) throws(UsageError) {
            let command = invocation.command
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                if !optionsEnded, command.hasSubcommands, invocation.positionals.isEmpty {
                    guard let subcommand = command.subcommand(named: word) else {
                        // `boxoffice version`: an option's name given as a command.
                        let option = command.option(named: word.lowercased()).map { "--" + $0.name }
                        let meant = option ?? Suggestion.closest(to: word, among: command.visibleSubcommands.map(\.name))
                        throw UsageError(
                            bilingual("Unknown command '\(word)'.\(didYouMean(meant))", "알 수 없는 명령어입니다: '\(word)'.\(didYouMean(meant))"),
                            commandPath: currentPath())
                    }
                    invocation.path.append(subcommand)
                    return
                }
                invocation.positionals.append(word)
                return
            }
            if word == "--" {
                optionsEnded = true
                return
            }
            // `-vd 20230818`: short flags combined, the last letter may take a value.
            if !word.hasPrefix("--"), word.count > 2, let letter = word.dropFirst().first,
                let flag = Self.option(short: letter, in: command, root: root), flag.isFlag
            {
                invocation.flags.insert(flag.name)
                remaining = (["-" + String(word.dropFirst(2))] + remaining)[...]
                return
            }
            let (option, attachedValue) = try resolve(word, in: command, root: root, path: currentPath())
            if option.isFlag {
                if attachedValue != nil {
                    throw UsageError(
                        bilingual("The flag '--\(option.name)' does not take a value.", "값을 붙이지 않는 옵션입니다: '--\(option.name)'."),
                        commandPath: currentPath())
                }
                invocation.flags.insert(option.name)
                return
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

        while let word = remaining.popFirst() {
            do { try take(word) } catch { firstError = firstError ?? error }
        }
        if firstError == nil, !invocation.wantsHelp {
            do { try checkPositionals(invocation) } catch { firstError = error }
        }
        return (invocation, firstError)
    }

    /// The command's option of that name, else one of the root's that stands anywhere.
    private static func option(named name: String, in command: CommandSpec, root: CommandSpec) -> OptionSpec? {
        command.option(named: name) ?? root.options.first { $0.standsAnywhere && $0.name == name }
    }

    private static func option(short letter: Character, in command: CommandSpec, root: CommandSpec) -> OptionSpec? {
        command.option(short: letter) ?? root.options.first { $0.standsAnywhere && $0.short == letter }
    }

    private static func resolve(_ word: String, in command: CommandSpec, root: CommandSpec, path: [String]) throws(UsageError) -> (
        OptionSpec, String?
    ) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = Self.option(named: name, in: command, root: root) else {
                let meant = Suggestion.closest(to: name, among: command.options.map(\.name)).map { "--" + $0 }
                throw UsageError(
                    bilingual("Unknown option '--\(name)'.\(didYouMean(meant))", "알 수 없는 옵션입니다: '--\(name)'.\(didYouMean(meant))"), commandPath: path)
            }
            return (option, value)
        }
        let body = word.dropFirst()
        guard let letter = body.first, let option = Self.option(short: letter, in: command, root: root) else {
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
            let meant = command.option(.date) != nil && looksLikeDate ? "--date \(word)" : nil
            throw UsageError(
                bilingual("Unexpected argument '\(word)'.\(didYouMean(meant))", "예상하지 못한 인자입니다: '\(word)'.\(didYouMean(meant))"), commandPath: path)
        }
    }
}
