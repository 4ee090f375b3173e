/// Shell completion scripts generated from the command catalog, so they never drift from the
/// parser: subcommands, options, option values (choices, paths, folders, or nothing for a date
/// or a number) and positional arguments, at every level of the command tree.
enum CompletionScript {
    static func make(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// Every command that takes options or arguments, with its path below `boxoffice`.
    private static var commands: [(path: [String], spec: CommandSpec)] {
        CommandCatalog.root.visibleSubcommands.flatMap { command in
            [([command.name], command)] + command.subcommands.map { ([command.name, $0.name], $0) }
        }
    }

    private static func words(for argument: ArgumentSpec) -> [String] {
        (argument.offersCommands ? CommandCatalog.root.visibleSubcommands.map(\.name) : []) + argument.choices
    }

    // MARK: bash

    /// A `case "$prev"` arm for each of the command's options that takes a value: its values.
    private static func bashOptionValues(_ spec: CommandSpec) -> String {
        spec.options.filter { !$0.isFlag }.map { option in
            let reply =
                switch option.completion {
                case .paths: #"COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null"#
                case .folders: #"COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null"#
                case .words:
                    option.choices.isEmpty ? "COMPREPLY=()" : #"COMPREPLY=($(compgen -W "\#(option.choices.joined(separator: " "))" -- "$cur"))"#
                }
            return "                --\(option.name)\(option.short.map { "|-\($0)" } ?? "")) \(reply); return ;;\n"
        }.joined()
    }

    private static func bash() -> String {
        var cases = ""
        for (path, spec) in commands {
            let options = spec.options.map { "--\($0.name)" }.joined(separator: " ")
            let positional =
                spec.subcommands.isEmpty
                ? (spec.arguments.first.map { words(for: $0) } ?? []).joined(separator: " ")
                : spec.subcommands.map(\.name).joined(separator: " ")
            let values = bashOptionValues(spec)
            cases += "        \"\(path.joined(separator: " "))\")\n"
            if !values.isEmpty { cases += "            case \"$prev\" in\n\(values)            esac\n" }
            cases += "            options=\"\(options)\"; positional=\"\(positional)\" ;;\n"
        }
        let top = CommandCatalog.root.visibleSubcommands.map(\.name).joined(separator: " ")
        return """
            # bash completion for boxoffice
            _boxoffice() {
                local cur prev key options positional
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(top) --help --version" -- "$cur"))
                    return
                fi
                key="${COMP_WORDS[1]}"
                if [ "$COMP_CWORD" -gt 2 ]; then
                    case "$key ${COMP_WORDS[2]}" in
            \(commands.filter { $0.path.count == 2 }.map { "            \"\($0.path.joined(separator: " "))\") key=\"$key ${COMP_WORDS[2]}\" ;;\n" }.joined())            esac
                fi
                case "$key" in
            \(cases)        *) options=""; positional="" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -W "$positional" -- "$cur"))
                fi
            }
            complete -F _boxoffice boxoffice

            """
    }

    // MARK: zsh

    /// Text inside a single-quoted zsh word, where `[`, `]` and `:` also mean something.
    private static func zshQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "'": result += #"'\''"#
            case "[", "]", ":", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    private static func zshArguments(_ spec: CommandSpec) -> String {
        var specs = spec.options.map { option -> String in
            let value: String
            if option.isFlag {
                value = ""
            } else {
                let name = option.valueName ?? "value"
                value =
                    switch option.completion {
                    case .paths: ":\(name):_files"
                    case .folders: ":\(name):_files -/"
                    case .words: option.choices.isEmpty ? ":\(name): " : ":\(name):(\(option.choices.joined(separator: " ")))"
                    }
            }
            return "'--\(option.name)[\(zshQuoted(option.help))]\(value)'"
        }
        for (index, argument) in spec.arguments.enumerated() {
            let choices = words(for: argument)
            specs.append("'\(index + 1):\(argument.name):\(choices.isEmpty ? " " : "(\(choices.joined(separator: " ")))")'")
        }
        return "_arguments " + specs.joined(separator: " ")
    }

    private static func zshValues(_ tag: String, _ specs: [CommandSpec]) -> String {
        "_values '\(tag)' " + specs.map { "'\($0.name)[\(zshQuoted($0.abstract))]'" }.joined(separator: " ")
    }

    private static func zsh() -> String {
        var cases = ""
        for command in CommandCatalog.root.visibleSubcommands {
            if command.subcommands.isEmpty {
                cases += "        \(command.name)) \(zshArguments(command)) ;;\n"
            } else {
                var inner = ""
                for subcommand in command.subcommands {
                    inner += "                \(subcommand.name)) shift words; (( CURRENT-- )); \(zshArguments(subcommand)) ;;\n"
                }
                cases += """
                            \(command.name))
                                if (( CURRENT == 2 )); then
                                    \(zshValues("subcommand", command.subcommands))
                                    return
                                fi
                                case ${words[2]} in
                    \(inner)            esac
                                ;;

                    """
            }
        }
        return """
            #compdef boxoffice
            _boxoffice() {
                if (( CURRENT == 2 )); then
                    \(zshValues("command", CommandCatalog.root.visibleSubcommands))
                    return
                fi
                local command=${words[2]}
                shift words
                (( CURRENT-- ))
                case $command in
            \(cases)    esac
            }
            # Autoloaded from fpath, this file is the function: complete now. Sourced, register it.
            if [[ "${funcstack[1]}" == _boxoffice ]]; then _boxoffice "$@"; else compdef _boxoffice boxoffice; fi

            """
    }

    // MARK: fish

    /// Text inside a single-quoted fish word.
    private static func fishQuoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "'" { quoted.append("\\") }
            quoted.append(scalar)
        }
        return String(quoted)
    }

    private static func fish() -> String {
        var lines = ["# fish completion for boxoffice", "complete -c boxoffice -f"]
        let top = CommandCatalog.root.visibleSubcommands
        for command in top {
            lines.append("complete -c boxoffice -n '__fish_use_subcommand' -a \(command.name) -d '\(fishQuoted(command.abstract))'")
        }
        for (path, spec) in commands {
            // The command's own words are in, and none of its subcommands' yet.
            var condition = path.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            if !spec.subcommands.isEmpty {
                condition += "; and not __fish_seen_subcommand_from \(spec.subcommands.map(\.name).joined(separator: " "))"
                for subcommand in spec.subcommands {
                    lines.append("complete -c boxoffice -n '\(condition)' -a \(subcommand.name) -d '\(fishQuoted(subcommand.abstract))'")
                }
            }
            for option in spec.options {
                var line = "complete -c boxoffice -n '\(condition)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if !option.isFlag {
                    switch option.completion {
                    case .paths, .folders: line += " -r -F"
                    case .words: line += option.choices.isEmpty ? " -x" : " -x -a '\(option.choices.joined(separator: " "))'"
                    }
                }
                lines.append(line + " -d '\(fishQuoted(option.help))'")
            }
            if let argument = spec.arguments.first, !words(for: argument).isEmpty {
                lines.append(
                    "complete -c boxoffice -n '\(condition)' -a '\(words(for: argument).joined(separator: " "))' -d '\(fishQuoted(argument.help))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
