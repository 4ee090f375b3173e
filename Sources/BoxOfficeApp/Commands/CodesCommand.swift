import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice codes <group>`: a KOBIS common-code group.
package struct CodesCommand: RunnableCommand {
    let group: String
    let network: NetworkOptions

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = CodesOutput(CodeList(group: "")).document.fieldNames

    static let spec = CommandSpec(
        name: "codes",
        abstract: Words(
            "List KOBIS common codes: regions, movie types, nations, company parts or any group.", "KOBIS 공통 코드를 봅니다: 지역, 영화 유형, 국적, 영화사 업종 또는 다른 그룹."
        ),
        discussion:
            Words(
                "Groups by name: \(SharedOptions.list(CodeGroup.allCases.map { "\($0.rawValue) (\($0.code))" })); any other <group> of digits is sent as a raw comCode.",
                "이름으로 고르는 그룹: \(CodeGroup.allCases.map { "\($0.rawValue)(\($0.code))" }.joined(separator: ", ")). 숫자로 된 다른 <group>은 comCode로 그대로 보냅니다."
            ),
        examples: ["boxoffice codes regions", "boxoffice codes nations --format csv", "boxoffice codes 2201"],
        arguments: [
            ArgumentSpec(
                name: "group", key: .group, help: Words("A group name or a raw KOBIS comCode.", "그룹 이름 또는 KOBIS comCode 그대로."),
                toolHelp: "A group: \(SharedOptions.list(CodeGroup.allCases.map(\.rawValue), lastSeparator: " or ")), or a raw KOBIS comCode.",
                choices: CodeGroup.allCases.map(\.rawValue))
        ],
        options: SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: CodesOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "code_list", title: "KOBIS code list",
            description:
                "A KOBIS common-code group: the region codes for region filters, movie types, nations, company parts. Example: {\"group\": \"regions\"}.",
            options: []),
        make: { reader throws(UsageError) in
            let group = (try reader.argument(0) ?? "").trimmed
            guard !group.isEmpty else {
                throw reader.error(
                    bilingual(
                        "Give a group: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", ")) or a raw code.",
                        "그룹을 주세요: \(CodeGroup.allCases.map(\.rawValue).joined(separator: ", ")) 또는 코드 그대로."))
            }
            // A word that is neither a group's name nor a code is a typo ('region'), not a comCode.
            let names = CodeGroup.allCases.map(\.rawValue)
            guard CodeGroup(rawValue: group.lowercased()) != nil || group.allSatisfy({ character in character.isASCII && character.isNumber }) else {
                let hint = didYouMean(Suggestion.closest(to: group, among: names))
                throw reader.error(
                    bilingual(
                        "Unknown code group '\(group)'.\(hint) Use one of: \(names.joined(separator: ", ")), or a comCode of digits.",
                        "알 수 없는 코드 그룹입니다: '\(group)'.\(hint) 다음 가운데 하나나 숫자로 된 comCode를 쓰세요: \(names.joined(separator: ", "))."))
            }
            return CodesCommand(group: CodeGroup.code(for: group), network: try NetworkOptions(reader, offering: Self.fieldNames))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let list = try await state.makeClient(network, needs: [.kobis]).codes(group: group)
        return .data(CodesOutput(list), network)
    }
}
