import BoxOfficeApp
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice completion bash|zsh|fish`: a script generated from the command list.
struct CompletionCommand: RunnableCommand {
    let shell: Shell

    static let spec = CommandSpec(
        name: "completion", abstract: Words("Print a shell completion script.", "셸 자동 완성 스크립트를 출력합니다."),
        examples: [
            "boxoffice completion bash > ~/.local/share/bash-completion/completions/boxoffice", "boxoffice completion zsh > ~/.zfunc/_boxoffice",
            "boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish",
        ],
        arguments: [ArgumentSpec(name: "shell", help: Words("bash, zsh or fish.", "bash, zsh 또는 fish."), choices: Shell.allCases.map(\.rawValue))],
        make: { reader throws(UsageError) in
            let name = try reader.argument(0) ?? ""
            guard let shell = Shell(rawValue: name) else {
                throw reader.error(
                    bilingual(
                        "'\(name)' is not a shell I write completions for; use bash, zsh or fish.",
                        "자동 완성을 만들 수 없는 셸입니다: '\(name)'. bash, zsh 또는 fish를 쓰세요."))
            }
            return CompletionCommand(shell: shell)
        })

    func run(in state: CommandState) async throws -> CommandOutput {
        .text(CompletionScript.make(for: shell))
    }
}

/// Shells `completion` writes for.
enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}
