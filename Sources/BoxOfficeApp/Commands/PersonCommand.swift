import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice person <code>`: a person's details and films.
package struct PersonCommand: RunnableCommand {
    let code: String
    let network: NetworkOptions

    static let spec = CommandSpec(
        name: "person", abstract: Words("Show a person's details and films.", "영화인 상세 정보와 필모그래피를 보여 줍니다."),
        examples: ["boxoffice person 20164556", "boxoffice person 20164556 --format json"],
        arguments: [
            ArgumentSpec(
                name: "person-code", key: .code,
                help: Words("The KOBIS person code (find it with `boxoffice people`).", "KOBIS 영화인 코드(`boxoffice people`로 찾습니다)."),
                toolHelp: "The KOBIS person code (find it with search_people).")
        ],
        options: SharedOptions.network,
        outputSchema: PersonOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "person_details", title: "Person details",
            description:
                "A person's details and films from KOBIS by person code (find it with search_people). Example: {\"code\": \"10001\"}.",
            options: []),
        make: { reader throws(UsageError) in
            PersonCommand(code: try reader.code(of: Words("person", "영화인"), findWith: PeopleCommand.spec), network: try NetworkOptions(reader))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let person = try await state.makeClient(network, needs: [.kobis]).person(code: code)
        return .data(PersonOutput(person), network)
    }
}
