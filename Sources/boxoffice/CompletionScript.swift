/// Shell completion scripts generated from the command catalog, so they never drift from the parser.
enum CompletionScript {
    static func make(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    private static var commands: [CommandSpec] { CommandCatalog.root.subcommands }

    private static func words(_ spec: CommandSpec) -> [String] {
        spec.subcommands.map(\.name) + spec.options.map { "--\($0.name)" }
    }

    private static func bash() -> String {
        var cases = ""
        for command in commands {
            cases += "        \(command.name)) words=\"\(words(command).joined(separator: " "))\" ;;\n"
        }
        var values = ""
        let options = Dictionary(commands.flatMap(\.options).filter { !$0.choices.isEmpty }.map { ($0.name, $0.choices) }, uniquingKeysWith: { first, _ in first })
        for (name, choices) in options.sorted(by: { $0.key < $1.key }) {
            values += "        --\(name)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        return """
        # bash completion for boxoffice
        _boxoffice() {
            local cur prev words command
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            case "$prev" in
        \(values)    esac
            command="${COMP_WORDS[1]}"
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                return
            fi
            case "$command" in
        \(cases)        *) words="" ;;
            esac
            COMPREPLY=($(compgen -W "$words" -- "$cur"))
        }
        complete -F _boxoffice boxoffice

        """
    }

    private static func zsh() -> String {
        var cases = ""
        for command in commands {
            let specs = command.options.map { option -> String in
                let help = option.help.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
                let value = option.valueName.map { name in option.choices.isEmpty ? ":\(name):" : ":\(name):(\(option.choices.joined(separator: " ")))" } ?? ""
                return "'--\(option.name)[\(help)]\(value)'"
            }
            let subcommands = command.subcommands.isEmpty ? "" : " '1:subcommand:(\(command.subcommands.map(\.name).joined(separator: " ")))'"
            cases += "        \(command.name)) _arguments \(specs.joined(separator: " "))\(subcommands) ;;\n"
        }
        return """
        #compdef boxoffice
        _boxoffice() {
            if (( CURRENT == 2 )); then
                _values 'command' \(commands.map { "'\($0.name)[\($0.abstract.replacingOccurrences(of: "'", with: ""))]'" }.joined(separator: " "))
                return
            fi
            local command=${words[2]}
            shift words
            (( CURRENT-- ))
            case $command in
        \(cases)    esac
        }
        _boxoffice "$@"

        """
    }

    private static func fish() -> String {
        var lines = ["# fish completion for boxoffice", "complete -c boxoffice -f"]
        for command in commands {
            let abstract = command.abstract.replacingOccurrences(of: "'", with: "\\'")
            lines.append("complete -c boxoffice -n '__fish_use_subcommand' -a \(command.name) -d '\(abstract)'")
            for option in command.options {
                let help = option.help.replacingOccurrences(of: "'", with: "\\'")
                var line = "complete -c boxoffice -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.valueName != nil { line += " -r" }
                if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
                lines.append(line + " -d '\(help)'")
            }
            for subcommand in command.subcommands {
                lines.append("complete -c boxoffice -n '__fish_seen_subcommand_from \(command.name)' -a \(subcommand.name) -d '\(subcommand.abstract)'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
