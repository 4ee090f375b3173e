import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice company <code>`: a company's details and films.
package struct CompanyCommand: RunnableCommand {
    let code: String
    let network: NetworkOptions

    static let spec = CommandSpec(
        name: "company", abstract: Words("Show a film company's details and films.", "영화사 상세 정보와 영화 목록을 보여 줍니다."),
        examples: ["boxoffice company 20122497", "boxoffice company 20122497 --format csv"],
        arguments: [
            ArgumentSpec(
                name: "company-code", key: .code,
                help: Words("The KOBIS company code (find it with `boxoffice companies`).", "KOBIS 영화사 코드(`boxoffice companies`로 찾습니다)."),
                toolHelp: "The KOBIS company code (find it with search_companies).")
        ],
        options: SharedOptions.network,
        outputSchema: CompanyOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "company_details", title: "Film company details",
            description:
                "A film company's details and films from KOBIS by company code (find it with search_companies). Example: {\"code\": \"20122497\"}.",
            options: []),
        make: { reader throws(UsageError) in
            CompanyCommand(code: try reader.code(of: Words("company", "영화사"), findWith: CompaniesCommand.spec), network: try NetworkOptions(reader))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let company = try await state.makeClient(network, needs: [.kobis]).company(code: code)
        return .data(CompanyOutput(company), network)
    }
}
