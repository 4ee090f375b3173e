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
        name: "help", abstract: Words("Show help for a command, or the exit codes.", "명령어 도움말이나 종료 코드를 보여 줍니다."),
        examples: ["boxoffice help daily", "boxoffice help cache stats", "boxoffice help exit-codes", "boxoffice help --man | man -l -"],
        arguments: [
            ArgumentSpec(
                name: "topic", help: Words("A command, or exit-codes.", "명령어, 또는 exit-codes."), isOptional: true, choices: [exitCodesTopic],
                offersCommands: true),
            ArgumentSpec(
                name: "subcommand", help: Words("One of the command's subcommands.", "이 명령어의 하위 명령어 가운데 하나."), isOptional: true,
                offersSubcommands: true),
        ],
        options: [
            OptionSpec(
                name: .man,
                help: Words(
                    "Write the whole manual as a man page (roff), for man -l - or a man folder.",
                    "설명서 전체를 man 페이지(roff)로 씁니다. man -l -로 보거나 man 폴더에 두세요."))
        ],
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
                if !spec.hasSubcommands {
                    let command = words[..<index].joined(separator: " ")
                    throw UsageError(
                        bilingual(
                            "'\(command)' has no subcommands, so there is no help topic '\(name)'; see 'boxoffice help \(command)'.",
                            "'\(command)'에는 하위 명령어가 없어 '\(name)' 도움말이 없습니다. 볼 도움말: 'boxoffice help \(command)'."),
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
