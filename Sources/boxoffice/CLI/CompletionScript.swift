import BoxOfficeApp
/// Shell completion scripts generated from the command catalog, so they never drift from the
/// parser. Each script reads the words before the cursor as the parser does (subcommands, options
/// and the words they take, long or short, `--name=value`, positional arguments), then offers
/// what the catalog says comes next: subcommands, options, an option's values (choices, paths,
/// folders, a code group's cached names, or nothing for a date or a number) or the next argument.
enum CompletionScript {
    static func make(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// Every command help shows, with its path from `boxoffice` (itself first).
    private static var commands: [(path: [String], spec: CommandSpec)] {
        func tree(_ path: [String], _ spec: CommandSpec) -> [([String], CommandSpec)] {
            [(path, spec)] + spec.visibleSubcommands.flatMap { tree(path + [$0.name], $0) }
        }
        return tree([CommandCatalog.root.name], CommandCatalog.root)
    }

    /// A command's options as completion offers them: its own and, below the top level, those that
    /// stand anywhere (`--lang`, `-q`, `--no-pager`), which the parser takes after a subcommand too.
    private static func offeredOptions(_ path: [String], _ spec: CommandSpec) -> [OptionSpec] {
        guard path.count > 1 else { return spec.options }
        let anywhere = CommandCatalog.root.options.filter { !$0.isNamed(.version) }
        return spec.options + anywhere.filter { option in !spec.options.contains { $0.key == option.key } }
    }

    /// How the scripts name a command: its path, `boxoffice cache stats`.
    private static func key(_ path: [String]) -> String {
        path.joined(separator: " ")
    }

    /// The ways an option is typed: `--date`, `-d`.
    private static func spellings(_ option: OptionSpec) -> [String] {
        ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
    }

    private static func words(for argument: ArgumentSpec) -> [String] {
        (argument.offersCommands ? CommandCatalog.root.visibleSubcommands.map(\.name) : []) + argument.choices
    }

    /// The hidden command that prints the cached names of a code group that start with `prefix`,
    /// both in the shell's syntax.
    private static func names(_ group: String, prefix: String) -> String {
        "command boxoffice \(CodeNamesCommand.spec.name) \(group) -- \(prefix) 2>/dev/null"
    }

    // MARK: bash

    /// `case` patterns, one a line, each followed by its commands.
    private static func bashCase(_ arms: [(patterns: [String], body: String)], indent: String = "        ") -> String {
        arms.map { "\(indent)\($0.patterns.map { "\"\($0)\"" }.joined(separator: "|"))) \($0.body) ;;\n" }.joined()
    }

    private static func bash() -> String {
        var takesValue: [String] = []
        var values: [(patterns: [String], body: String)] = []
        var options: [(patterns: [String], body: String)] = []
        var subcommands: [(patterns: [String], body: String)] = []
        var arguments: [(patterns: [String], body: String)] = []
        for (path, spec) in commands {
            let name = key(path)
            let offered = offeredOptions(path, spec)
            for option in offered where !option.isFlag {
                let patterns = spellings(option).map { "\(name) \($0)" }
                takesValue += patterns
                let body =
                    switch option.completion {
                    case .paths: #"COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null"#
                    case .folders: #"COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null"#
                    case .codeNames(let group): "_boxoffice_names \(group.rawValue)"
                    case .none: "COMPREPLY=()"
                    case .words(let words): "_boxoffice_words \"\(words.joined(separator: " "))\""
                    case .list(let words): "_boxoffice_list \"\(words().joined(separator: " "))\""
                    }
                values.append((patterns, body))
            }
            options.append(([name], "_boxoffice_words \"\(offered.flatMap { spellings($0).reversed() }.joined(separator: " "))\""))
            if !spec.visibleSubcommands.isEmpty {
                subcommands.append(([name], "echo \"\(spec.visibleSubcommands.map(\.name).joined(separator: " "))\""))
            }
            for (index, argument) in spec.arguments.enumerated() {
                let body =
                    argument.offersSubcommands
                    ? #"_boxoffice_words "$(_boxoffice_subcommands "boxoffice $3")""#
                    : "_boxoffice_words \"\(words(for: argument).joined(separator: " "))\""
                arguments.append((["\(name) \(index)"], body))
            }
        }
        return """
            # bash completion for boxoffice, generated from its command catalog.

            # Whether option $2 of command "$1" takes the next word as its value.
            _boxoffice_takes_value() {
                case "$1 $2" in
                    \(takesValue.map { "\"\($0)\"" }.joined(separator: "|"))) return 0 ;;
                esac
                return 1
            }

            # The subcommands of command "$1".
            _boxoffice_subcommands() {
                case "$1" in
            \(bashCase(subcommands))    esac
            }

            # Replies with the words of $1 that start with $cur.
            _boxoffice_words() {
                COMPREPLY=($(compgen -W "$1" -- "$cur"))
            }

            # Replies with the words of $1 for the last of the comma-separated words in $cur,
            # keeping those before it.
            _boxoffice_list() {
                local before=""
                [[ $cur == *,* ]] && before=${cur%,*},
                COMPREPLY=($(compgen -P "$before" -W "$1" -- "${cur##*,}"))
                compopt -o nospace 2>/dev/null
            }

            # Replies with the names of code group $1 that boxoffice has cached, quoted for the line.
            # They came from an API: matched and quoted as text, never expanded. Only the shell's
            # own characters take a backslash, byte by byte, so that Hangul goes in as it is
            # whatever the locale (printf %q in the C locale writes it as a $'...' quote).
            _boxoffice_names() {
                local name quoted character i
                COMPREPLY=()
                while IFS= read -r name; do
                    quoted=""
                    for ((i = 0; i < ${#name}; i++)); do
                        character=${name:i:1}
                        case $character in
                            [[:alnum:]] | [-_.,:/+@%]) quoted+=$character ;;
                            [[:print:][:space:]]) quoted+="\\\\$character" ;;
                            *) quoted+=$character ;;
                        esac
                    done
                    COMPREPLY+=("$quoted")
                done < <(\(names("\"$1\"", prefix: "\"$cur\"")))
            }

            # Replies with the values of option $2 of command "$1".
            _boxoffice_values() {
                case "$1 $2" in
            \(bashCase(values))    esac
            }

            # Replies with the options of command "$1", short forms beside long ones.
            _boxoffice_options() {
                case "$1" in
            \(bashCase(options))    esac
            }

            # Replies with positional argument $2 (from 0) of command "$1"; $3 is the one before it.
            _boxoffice_argument() {
                COMPREPLY=()
                case "$1 $2" in
            \(bashCase(arguments))    esac
            }

            _boxoffice() {
                local -a words=() positionals=()
                local i word cur path=boxoffice value="" ended="" last=""
                # The words as the parser sees them: bash splits '--format=json' at '=' (COMP_WORDBREAKS).
                for ((i = 0; i <= COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if [[ ${#words[@]} -gt 1 && ( ($word == "=" && ${words[-1]} == --* && ${words[-1]} != *=*) || ${words[-1]} == --*= ) ]]; then
                        words[-1]+=$word
                    else
                        words+=("$word")
                    fi
                done
                cur=${words[-1]}
                for ((i = 1; i < ${#words[@]} - 1; i++)); do
                    word=${words[i]}
                    if [[ -n $value ]]; then
                        value=""
                    elif [[ -z $ended && $word == -?* ]]; then
                        [[ $word == -- ]] && ended=1
                        # '-vd': flags together, the last letter may take a value.
                        [[ $word =~ ^-[a-zA-Z]{2,}$ ]] && word="-${word: -1}"
                        [[ $word != *=* ]] && _boxoffice_takes_value "$path" "$word" && value=$word
                    elif [[ -z $ended && ${#positionals[@]} -eq 0 && " $(_boxoffice_subcommands "$path") " == *" $word "* ]]; then
                        path="$path $word"
                    else
                        positionals+=("$word")
                        last=$word
                    fi
                done
                if [[ -n $value ]]; then
                    _boxoffice_values "$path" "$value"
                elif [[ -z $ended && $cur == --*=* ]]; then
                    # The value in the option's word: complete what follows '='.
                    word=${cur%%=*}
                    cur=${cur#*=}
                    COMPREPLY=()
                    _boxoffice_takes_value "$path" "$word" && _boxoffice_values "$path" "$word"
                    # Unless bash split the word at '=', the reply replaces the option too.
                    [[ ${COMP_WORDS[COMP_CWORD]} == --*=* ]] && COMPREPLY=("${COMPREPLY[@]/#/$word=}")
                elif [[ -z $ended && $cur == -* ]]; then
                    _boxoffice_options "$path"
                elif [[ -n $(_boxoffice_subcommands "$path") ]]; then
                    _boxoffice_words "$(_boxoffice_subcommands "$path")"
                else
                    _boxoffice_argument "$path" "${#positionals[@]}" "$last"
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

    /// An `_arguments` spec for an option: `'(-d --date)'{-d+,--date=}'[help]:date: '`.
    private static func zshOption(_ option: OptionSpec) -> String {
        var value = ""
        if !option.isFlag {
            let name = zshQuoted(option.valueName ?? "value")
            value =
                switch option.completion {
                case .paths: ":\(name):_files"
                case .folders: ":\(name):_files -/"
                case .codeNames(let group): ":\(name):_boxoffice_names \(group.rawValue)"
                case .none: ":\(name): "
                case .words(let words): ":\(name):(\(words.joined(separator: " ")))"
                case .list(let words): ":\(name):_values -s , \(name) \(words().joined(separator: " "))"
                }
        }
        let description = "[\(zshQuoted(option.help.text))]\(value)"
        let long = "--\(option.name)\(option.isFlag ? "" : "=")"
        guard let short = option.short else { return "'\(long)\(description)'" }
        return "'(-\(short) --\(option.name))'{-\(short)\(option.isFlag ? "" : "+"),\(long)}'\(description)'"
    }

    private static func zshValues(_ tag: String, _ specs: [CommandSpec]) -> String {
        "_values '\(tag)' " + specs.map { "'\($0.name)[\(zshQuoted($0.abstract.text))]'" }.joined(separator: " ")
    }

    /// What completes a command's words: its options and arguments, or its subcommands'.
    private static func zshBody(_ path: [String], _ spec: CommandSpec, indent: String) -> String {
        let options = offeredOptions(path, spec).map(zshOption).joined(separator: " ")
        guard !spec.visibleSubcommands.isEmpty else {
            var specs = [options]
            for (index, argument) in spec.arguments.enumerated() {
                let choices = words(for: argument)
                let action =
                    argument.offersSubcommands
                    ? "{_boxoffice_subcommands $line[\(index)]}" : choices.isEmpty ? " " : "(\(choices.joined(separator: " ")))"
                specs.append("'\(index + 1):\(argument.name):\(action)'")
            }
            return "\(indent)_arguments -s \(specs.joined(separator: " "))\n"
        }
        let arms = spec.visibleSubcommands.map { subcommand in
            "\(indent)            \(subcommand.name))\n" + zshBody(path + [subcommand.name], subcommand, indent: indent + "                ")
                + "\(indent)                ;;\n"
        }
        // Declared once, at the top: `local` again in the same function would print the values
        // the names already hold (`state=( argument )`) into the command line.
        let locals = path.count == 1 ? "\(indent)local curcontext=$curcontext state line\n" : ""
        return """
            \(locals)\(indent)_arguments -C -s \(options) ': :->subcommand' '*:: :->argument'
            \(indent)case $state in
            \(indent)    subcommand) \(zshValues(path.count == 1 ? "command" : "subcommand", spec.visibleSubcommands)) ;;
            \(indent)    argument)
            \(indent)        curcontext=${curcontext%:*:*}:\(path.joined(separator: "-"))-$words[1]:
            \(indent)        case $words[1] in
            \(arms.joined())\(indent)        esac
            \(indent)        ;;
            \(indent)esac

            """
    }

    private static func zsh() -> String {
        let groups = CommandCatalog.root.visibleSubcommands.filter { !$0.visibleSubcommands.isEmpty }
        return """
            #compdef boxoffice
            # zsh completion for boxoffice, generated from its command catalog.

            # The names of code group ${argv[-1]} that boxoffice has cached; _arguments puts
            # compadd's options before it.
            _boxoffice_names() {
                local -a names
                names=(${(f)"$(\(names("${argv[-1]}", prefix: "\"$PREFIX\"")))"})
                compadd "${(@)argv[1,-2]}" -a names
            }

            # The subcommands of command $1, for help's second word.
            _boxoffice_subcommands() {
                case $1 in
            \(groups.map { "        \($0.name)) \(zshValues("subcommand", $0.visibleSubcommands)) ;;\n" }.joined())    esac
            }

            _boxoffice() {
                typeset -A opt_args
            \(zshBody([CommandCatalog.root.name], CommandCatalog.root, indent: "    "))}

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
        var takesValue: [String] = []
        var subcommands: [String] = []
        var lines: [String] = []
        for (path, spec) in commands {
            let name = key(path)
            let here = "__boxoffice_at \"\(name)\""
            for option in offeredOptions(path, spec) {
                var line = "complete -c boxoffice -n '\(here)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if !option.isFlag {
                    takesValue += spellings(option).map { "'\(name) \($0)'" }
                    switch option.completion {
                    case .paths: line += " -r -F"
                    case .folders: line += " -x -a '(__boxoffice_folders)'"
                    case .codeNames(let group): line += " -x -a '(__boxoffice_names \(group.rawValue))'"
                    case .none: line += " -x"
                    // Each value with an empty description of its own: the option's would be
                    // repeated beside every one.
                    case .words(let words): line += " -x -a '\(words.map { "\($0)\\t" }.joined(separator: " "))'"
                    case .list(let words): line += " -x -a '(__boxoffice_list \(words().joined(separator: " ")))'"
                    }
                }
                lines.append(line + " -d '\(fishQuoted(option.help.text))'")
            }
            if !spec.visibleSubcommands.isEmpty {
                subcommands.append(
                    "        case '\(name)'\n"
                        + spec.visibleSubcommands.map { "            printf '%s\\t%s\\n' \($0.name) '\(fishQuoted($0.abstract.text))'\n" }
                        .joined())
                lines.append("complete -c boxoffice -n '\(here) 0' -a '(__boxoffice_subcommands \"\(name)\")'")
            }
            for (index, argument) in spec.arguments.enumerated() {
                let offered =
                    argument.offersSubcommands
                    ? "(__boxoffice_subcommands \"boxoffice \"(__boxoffice_words)[\(index + 1)])" : words(for: argument).joined(separator: " ")
                if !offered.isEmpty {
                    lines.append("complete -c boxoffice -n '\(here) \(index)' -a '\(offered)' -d '\(fishQuoted(argument.help.text))'")
                }
            }
        }
        return """
            # fish completion for boxoffice, generated from its command catalog.
            complete -c boxoffice -f

            # Whether option $argv[2] of command $argv[1] takes the next word as its value.
            function __boxoffice_takes_value
                switch "$argv[1] $argv[2]"
                    case \(takesValue.joined(separator: " "))
                        return 0
                end
                return 1
            end

            # The subcommands of command $argv[1], each with its description.
            function __boxoffice_subcommands
                switch "$argv[1]"
            \(subcommands.joined())    end
            end

            # The command the words before the cursor name, then its positional arguments, one a
            # line, read as the parser reads them. Kept for the line, since every condition asks.
            function __boxoffice_words
                set -l line (commandline -pc)
                if test "$line" = "$__boxoffice_line"
                    printf '%s\\n' $__boxoffice_walked
                    return
                end
                set -l words (commandline -opc)
                set -e words[1]
                set -l path boxoffice
                set -l positionals
                set -l value 0
                set -l ended 0
                for word in $words
                    if test $value = 1
                        set value 0
                    else if test $ended = 0; and string match -q -- '-?*' $word
                        test $word = --; and set ended 1
                        # '-vd': flags together, the last letter may take a value.
                        string match -qr -- '^-[a-zA-Z]{2,}$' $word; and set word -(string sub -s -1 -- $word)
                        if not string match -q -- '*=*' $word; and __boxoffice_takes_value "$path" $word
                            set value 1
                        end
                    else if test $ended = 0; and not set -q positionals[1]; and contains -- $word (__boxoffice_subcommands "$path" | string replace -r '\\t.*' '')
                        set path "$path $word"
                    else
                        set -a positionals $word
                    end
                end
                set -g __boxoffice_line "$line"
                set -g __boxoffice_walked $path $positionals
                printf '%s\\n' $__boxoffice_walked
            end

            # Whether the words before the cursor name command $argv[1] and, if given, hold
            # $argv[2] positional arguments.
            function __boxoffice_at
                set -l words (__boxoffice_words)
                test "$words[1]" = "$argv[1]"; or return 1
                set -q argv[2]; or return 0
                test (count $words) -eq (math $argv[2] + 1)
            end

            # Folders for an option's value, in its own word or after '='.
            function __boxoffice_folders
                __fish_complete_directories (commandline -ct | string replace -r -- '^--[^=]*=' '')
            end

            # Words $argv for the last of the comma-separated words typed so far, keeping those
            # before it.
            function __boxoffice_list
                set -l typed (commandline -ct | string replace -r -- '^--[^=]*=' '')
                set -l before (string match -r -- '^.*,' $typed)
                for word in $argv
                    printf '%s%s\t\n' "$before" $word
                end
            end

            # The cached names of code group $argv[1] that start with the value typed so far.
            function __boxoffice_names
                \(names("$argv[1]", prefix: "(commandline -ct | string replace -r -- '^--[^=]*=' '')"))
            end

            \(lines.joined(separator: "\n"))

            """
    }
}
