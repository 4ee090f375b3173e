import BoxOfficeCore

/// Help text laid out as swift-argument-parser prints it, examples first.
enum HelpFormatter {
    static func help(for path: [String]) -> String {
        var spec = CommandCatalog.root
        for name in path {
            guard let next = spec.subcommand(named: name) else { break }
            spec = next
        }
        let fullName = (["boxoffice"] + path).joined(separator: " ")
        var text = "OVERVIEW: \(spec.abstract)\n"
        if let discussion = spec.discussion { text += "\n\(discussion)\n" }
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        text += "\nUSAGE: \(usage(spec, fullName: fullName))\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n" + rows(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        text += "\nOPTIONS:\n" + rows(spec.options.map { option in
            let short = option.short.map { "-\($0), " } ?? ""
            let value = option.valueName.map { " <\($0)>" } ?? ""
            return ("\(short)--\(option.name)\(value)", option.helpWithDefault)
        })
        if !spec.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + rows(spec.subcommands.map { ($0.name, $0.abstract) })
            let parents = fullName.split(separator: " ").dropFirst().joined(separator: " ")
            text += "\n  See 'boxoffice help \(parents.isEmpty ? "" : parents + " ")<subcommand>' for detailed help.\n"
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
        if !spec.subcommands.isEmpty { return "\(fullName) <subcommand>" }
        let arguments = spec.arguments.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
        return ([fullName] + arguments + (spec.options.count > 1 ? ["[<options>]"] : [])).joined(separator: " ")
    }

    private static let labelColumn = 26

    private static func rows(_ items: [(String, String)]) -> String {
        items.map { label, help in
            let padded = "  " + label
            if padded.count >= labelColumn { return "\(padded)\n" + String(repeating: " ", count: labelColumn) + "\(help)\n" }
            return padded + String(repeating: " ", count: labelColumn - padded.count) + "\(help)\n"
        }.joined()
    }

    static func exitCodes() -> String {
        "EXIT CODES:\n" + ExitCode.allCases.map { code in
            let number = String(code.rawValue)
            return "  " + number + String(repeating: " ", count: 6 - number.count) + code.meaning + "\n"
        }.joined()
    }
}
