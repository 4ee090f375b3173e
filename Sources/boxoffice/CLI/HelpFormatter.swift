import BoxOfficeApp
import BoxOfficeCore

/// Help text laid out as swift-argument-parser prints it, examples first.
enum HelpFormatter {
    /// Help is wrapped to this many columns unless the terminal says otherwise.
    static let defaultWidth = 80

    static func help(for path: [String], width: Int = defaultWidth) -> String {
        var spec = CommandCatalog.root
        for name in path {
            guard let next = spec.subcommand(named: name) else { break }
            spec = next
        }
        let fullName = (["boxoffice"] + path).joined(separator: " ")
        var text = wrap(bilingual("OVERVIEW: ", "개요: ") + spec.abstract.text, width: width, indent: 0)
        if let discussion = spec.discussion { text += "\n" + wrap(discussion.text, width: width, indent: 0) }
        if !spec.examples.isEmpty {
            text += bilingual("\nEXAMPLES:\n", "\n예:\n") + spec.examples.map { "  \($0)\n" }.joined()
        }
        text += bilingual("\nUSAGE: ", "\n사용법: ") + usage(spec, fullName: fullName) + "\n"
        if !spec.arguments.isEmpty {
            text += bilingual("\nARGUMENTS:\n", "\n인자:\n") + rows(spec.arguments.map { ("<\($0.name)>", $0.help.text) }, width: width)
        }
        text +=
            bilingual("\nOPTIONS:\n", "\n옵션:\n")
            + rows(
                spec.options.map { option in
                    let short = option.short.map { "-\($0), " } ?? ""
                    let value = option.valueName.map { " <\($0)>" } ?? ""
                    return ("\(short)--\(option.name)\(value)", option.helpWithDefault)
                }, width: width)
        if spec.hasSubcommands {
            text +=
                bilingual("\nSUBCOMMANDS:\n", "\n하위 명령어:\n") + rows(spec.visibleSubcommands.map { ($0.name, $0.abstract.text) }, width: width)
            let parents = fullName.split(separator: " ").dropFirst().joined(separator: " ")
            let topic = "boxoffice help \(parents.isEmpty ? "" : parents + " ")<subcommand>"
            text += bilingual("\n  See '\(topic)' for detailed help.\n", "\n  자세한 도움말은 '\(topic)'을 보세요.\n")
        }
        return text
    }

    /// The usage line shown by help and after usage errors.
    static func usage(forPath path: [String]) -> String {
        var spec = CommandCatalog.root
        for name in path {
            guard let next = spec.subcommand(named: name) else { break }
            spec = next
        }
        return usage(spec, fullName: (["boxoffice"] + path).joined(separator: " "))
    }

    private static func usage(_ spec: CommandSpec, fullName: String) -> String {
        if spec.hasSubcommands { return "\(fullName) <subcommand>" }
        let arguments = spec.arguments.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        return ([fullName] + arguments + (spec.options.count > 1 ? ["[<options>]"] : [])).joined(separator: " ")
    }

    private static let labelColumn = 26

    private static func rows(_ items: [(String, String)], width: Int) -> String {
        items.map { label, help in
            let padded = "  " + label
            let body = wrap(help, width: width, indent: labelColumn)
            if padded.count >= labelColumn { return "\(padded)\n" + body }
            return padded + body.dropFirst(padded.count)
        }.joined()
    }

    private static let exitCodeColumn = 8

    static func exitCodes(width: Int = defaultWidth) -> String {
        bilingual("EXIT CODES:\n", "종료 코드:\n")
            + ExitCode.allCases.map { code in
                let number = "  " + String(code.rawValue)
                return number + wrap(code.meaning, width: width, indent: exitCodeColumn).dropFirst(number.count)
            }.joined()
    }

    /// Words filled into lines of at most `width` display columns, each line indented by `indent`
    /// spaces; a word longer than a line stands alone rather than being cut.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        let lines = DisplayWidth.wrap(text, toWidth: max(width - indent, 20))
        let margin = String(repeating: " ", count: indent)
        return lines.map { margin + $0 + "\n" }.joined()
    }
}
