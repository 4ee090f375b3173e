import BoxOfficeApp
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice help [<command> [<subcommand>]]`, `help exit-codes`, `-h`/`--help` and `--version`.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help", abstract: "Show help for a command, or the exit codes.",
        examples: ["boxoffice help daily", "boxoffice help cache stats", "boxoffice help exit-codes", "boxoffice help --man | man -l -"],
        arguments: [
            ArgumentSpec(name: "topic", help: "A command, or exit-codes.", isOptional: true, choices: [exitCodesTopic], offersCommands: true),
            ArgumentSpec(name: "subcommand", help: "One of the command's subcommands.", isOptional: true, offersSubcommands: true),
        ],
        options: [OptionSpec(name: .man, help: "Write the whole manual as a man page (roff), for man -l - or a man folder.")],
        make: { reader throws(UsageError) in
            if try reader.flag(.man) { return Manual() }
            return try topic([try reader.argument(0), try reader.argument(1)].compactMap { $0 })
        })

    /// `help --man`: the whole manual in roff.
    struct Manual: RunnableCommand {
        func run(in state: CommandState) async throws -> CommandOutput {
            .text(ManPage.render())
        }
    }

    static let exitCodesTopic = "exit-codes"

    /// The help a topic asks for; an unknown topic is a usage error with a suggestion.
    static func topic(_ words: [String]) throws(UsageError) -> any RunnableCommand {
        if words == [exitCodesTopic] { return ExitCodes() }
        var spec = CommandCatalog.root
        for (index, name) in words.enumerated() {
            guard let next = spec.subcommand(named: name) else {
                if spec.subcommands.isEmpty {
                    let command = words[..<index].joined(separator: " ")
                    throw UsageError(
                        "'\(command)' has no subcommands, so there is no help topic '\(name)'; see 'boxoffice help \(command)'.",
                        commandPath: ["help"])
                }
                let names = spec.visibleSubcommands.map(\.name) + [exitCodesTopic]
                let meant = Suggestion.closest(to: name, among: names)
                throw UsageError(
                    bilingual(
                        "No help topic '\(name)'.\(didYouMean(meant))", "그런 도움말 주제는 없습니다: '\(name)'.\(didYouMean(meant))"), commandPath: ["help"])
            }
            spec = next
        }
        return Page(path: words)
    }

    /// A command's help page.
    struct Page: RunnableCommand {
        let path: [String]

        func run(in state: CommandState) async throws -> CommandOutput {
            .text(HelpFormatter.help(for: path, width: state.context.terminalWidth ?? HelpFormatter.defaultWidth))
        }
    }

    /// The exit-code table.
    struct ExitCodes: RunnableCommand {
        func run(in state: CommandState) async throws -> CommandOutput {
            .text(HelpFormatter.exitCodes(width: state.context.terminalWidth ?? HelpFormatter.defaultWidth))
        }
    }

    /// `--version`.
    struct Version: RunnableCommand {
        func run(in state: CommandState) async throws -> CommandOutput {
            .text("boxoffice \(BoxOfficeClient.version)\n")
        }
    }
}
