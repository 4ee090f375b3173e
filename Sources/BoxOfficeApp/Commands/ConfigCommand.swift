import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice config set|get|unset|show|path`: API keys in the config file.
package enum ConfigCommand {
    static let spec = CommandSpec(
        name: "config", abstract: Words("Store API keys in the config file.", "API 키를 설정 파일에 저장합니다."),
        examples: ["printf %s \"$KEY\" | boxoffice config set kobis", "boxoffice config get kobis", "boxoffice config show"],
        subcommands: [
            Subcommand("set", Set.spec), Subcommand("get", Get.spec), Subcommand("unset", Unset.spec), Subcommand("show", Show.spec),
            Subcommand("path", Path.spec),
        ])

    static let serviceArgument = ArgumentSpec(
        name: "service", help: Words("kobis or kakao.", "kobis 또는 kakao."), choices: APIService.allCases.map(\.rawValue))

    /// The service an argument names.
    static func service(_ reader: OptionReader) throws(UsageError) -> APIService {
        let name = try reader.argument(0) ?? ""
        guard let service = APIService(rawValue: name.lowercased()) else {
            throw reader.error(
                bilingual("'\(name)' is not a service; use kobis or kakao.", "알 수 없는 서비스입니다: '\(name)'. kobis 또는 kakao를 쓰세요."))
        }
        return service
    }

    /// `config get kobis|kakao`: the key in use, masked, and where it comes from; exit 1 when none
    /// is set, as `git config get` has it. The key itself is never printed.
    package struct Get: RunnableCommand {
        let service: APIService

        static let spec = CommandSpec(
            name: "get",
            abstract: Words("Show the key in use for a service, masked, and where it comes from.", "서비스에 쓰이는 키를 가려서, 어디서 왔는지와 함께 보여 줍니다."),
            arguments: [ConfigCommand.serviceArgument], make: { reader throws(UsageError) in Get(service: try ConfigCommand.service(reader)) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            guard let key = try state.keys.keys()[service], let value = key.value else {
                throw NotSet(service: service)
            }
            return .text("\(KeyStore.mask(value))\t\(key.origin)\n")
        }

        /// No key for the service: exit 1 with one line, as a lookup that found nothing.
        package struct NotSet: ReportableError {
            let service: APIService
            package var message: String {
                bilingual(
                    "No \(service.displayName) key is set (\(service.keyVariable) or the config file).",
                    "\(service.koreanName) 키가 없습니다(\(service.keyVariable) 또는 설정 파일).")
            }
        }
    }

    /// `config unset` of a key the config file does not hold (exit 5, as `git config --unset`).
    package struct NothingToUnset: ReportableError {
        let service: APIService
        let path: String
        package var message: String {
            bilingual(
                "No \(service.displayName) key is stored in \(path); nothing was changed.", "\(path)에 저장된 \(service.koreanName) 키가 없어 아무것도 바꾸지 않았습니다."
            )
        }
    }

    /// `config unset kobis|kakao`: the key's line taken out of the config file, every other byte kept.
    package struct Unset: RunnableCommand {
        let service: APIService

        static let spec = CommandSpec(
            name: "unset", abstract: Words("Remove a service's key from the config file.", "설정 파일에서 서비스의 키를 지웁니다."),
            arguments: [ConfigCommand.serviceArgument], make: { reader throws(UsageError) in Unset(service: try ConfigCommand.service(reader)) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let path = state.paths.configFile.path
            let removed = try KeyStore(context: state.context, paths: state.paths).remove(for: service)
            if removed {
                state.context.note(
                    bilingual("Removed the \(service.displayName) key from \(path).", "\(path)에서 \(service.koreanName) 키를 지웠습니다."))
            }
            if state.context.variable(service.keyVariable)?.isEmpty == false {
                state.context.warn(
                    bilingual(
                        "\(service.keyVariable) is set in the environment and is still used.",
                        "환경 변수 \(service.keyVariable, particle: .subject) 있어 그 키는 계속 쓰입니다."))
            }
            // As `git config --unset` of a name that is not there: exit 5, nothing changed.
            guard removed else { throw NothingToUnset(service: service, path: path) }
            return .empty
        }
    }

    /// `config set kobis|kakao`: a key read from stdin, never from an argument `ps` would show.
    package struct Set: RunnableCommand {
        let service: APIService

        /// A key is a few dozen characters; anything past this is not a key.
        static let longestKeyInput = 4096

        static let spec = CommandSpec(
            name: "set", abstract: Words("Read a key from standard input and store it.", "표준 입력에서 키를 읽어 저장합니다."),
            arguments: [ConfigCommand.serviceArgument], make: { reader throws(UsageError) in Set(service: try ConfigCommand.service(reader)) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let context = state.context
            let example = bilingual(
                "for example: printf %s \"$KEY\" | boxoffice config set \(service.rawValue)",
                "예: printf %s \"$KEY\" | boxoffice config set \(service.rawValue)")
            let input: Data
            if context.stdinIsTerminal {
                // Like `gh auth login`: one line, not shown, so it stays off the screen and out of scrollback.
                input = context.readHiddenLine(Self.longestKeyInput + 1) {
                    context.log(
                        bilingual(
                            "Paste the \(service.displayName) key and press Enter (it is not shown):",
                            "\(service.koreanName) 키를 붙여 넣고 Enter를 누르세요(화면에 보이지 않습니다):"))
                }
                context.log("")
            } else {
                input = context.readStandardInput(Self.longestKeyInput + 1)
            }
            guard input.count <= Self.longestKeyInput else {
                throw UsageError(
                    bilingual(
                        "The standard input is longer than 4 KiB; give the key alone, \(example)", "표준 입력이 4 KiB보다 깁니다. 키만 주세요. \(example)"),
                    commandPath: ["config", "set"])
            }
            let key = String(decoding: input, as: UTF8.self).trimmed
            guard !key.isEmpty else {
                throw UsageError(
                    bilingual(
                        "Give the key on standard input, \(example)", "키를 표준 입력으로 주세요. \(example)"), commandPath: ["config", "set"])
            }
            guard !KeyStore.hasWhitespaceOrControls(key) else {
                throw UsageError(
                    bilingual(
                        "The key contains spaces or control characters, which no API key has; give the key alone, \(example)",
                        "키에 공백이나 제어 문자가 있습니다. API 키에는 없는 문자입니다. 키만 주세요. \(example)"),
                    commandPath: ["config", "set"])
            }
            try KeyStore(context: context, paths: state.paths).store(key, for: service)
            if !KeyStore.looksLikeKey(key, of: service) {
                // Stored all the same: the services may change their keys' shape, and the user knows best.
                context.warn(
                    bilingual(
                        "This does not look like a \(service.displayName) key, which is \(KeyStore.keyLength) hexadecimal characters; stored anyway. Check it if \(service.displayName) refuses it.",
                        "\(service.koreanName) 키는 16진수 \(KeyStore.keyLength)자인데 이 키는 그렇게 보이지 않습니다. 그래도 저장했습니다. \(service.koreanName)에서 거부하면 확인하세요."
                    ))
            }
            context.note(
                bilingual(
                    "Stored the \(service.displayName) key (\(KeyStore.mask(key))) in \(state.paths.configFile.path).",
                    "\(service.koreanName) 키(\(KeyStore.mask(key)))를 \(state.paths.configFile.path)에 저장했습니다."))
            return .empty
        }
    }

    /// `config show`: where each key comes from, masked.
    package struct Show: RunnableCommand {
        let format: OutputFormat
        let color: ColorChoice

        static let spec = CommandSpec(
            name: "show", abstract: Words("Show where each key comes from, masked.", "각 키를 어디서 가져오는지 가려서 보여 줍니다."), options: SharedOptions.printing,
            outputSchema: ConfigOutput.jsonSchema,
            make: { reader throws(UsageError) in Show(format: try reader.format(), color: try reader.color()) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let keys = try state.keys.keys()
            let output = ConfigOutput(configFile: state.paths.configFile.path, keys: keys)
            return .data(output, format: format, color: color)
        }
    }

    /// `config path`.
    package struct Path: RunnableCommand {
        static let spec = CommandSpec(
            name: "path", abstract: Words("Print the config file's path.", "설정 파일 경로를 출력합니다."), make: { _ throws(UsageError) in Path() })

        package func run(in state: CommandState) async throws -> CommandOutput {
            .text(state.paths.configFile.path + "\n")
        }
    }
}
