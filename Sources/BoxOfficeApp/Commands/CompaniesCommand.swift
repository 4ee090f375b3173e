import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice companies <name>`: companies and their codes.
package struct CompaniesCommand: RunnableCommand {
    let name: String?
    let ceo: String?
    let part: String?
    let list: ListOptions
    let network: NetworkOptions

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = CompaniesOutput(CompanySearchResult(totalCount: 0), page: 1).document.fieldNames

    static let spec = CommandSpec(
        name: "companies", abstract: Words("Find film companies and their codes by name.", "이름으로 영화사와 그 코드를 찾습니다."),
        examples: ["boxoffice companies 쇼박스", "boxoffice companies --part 배급사 --ceo 김", "boxoffice companies 필름 --all --format jsonl"],
        arguments: [
            ArgumentSpec(
                name: "name", key: .name, help: Words("Part of the name (optional with --ceo or --part).", "이름의 일부(--ceo나 --part를 주면 생략 가능)."),
                toolHelp: "Part of the company's name (optional with ceo or part).", isOptional: true)
        ],
        options: [
            OptionSpec(name: .ceo, kind: .text, valueName: "name", help: Words("Part of the chief executive's name.", "대표자 이름의 일부.")),
            OptionSpec(
                name: .part, kind: .text, valueName: "part",
                help: Words(
                    "Only companies with this part: a code of the company-parts group, or its name such as 배급사.",
                    "이 업종의 영화사만: company-parts 그룹의 코드 또는 배급사 같은 이름.")),
        ] + ListOptions.specs + SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: WholeList<CompaniesOutput>.jsonSchema,
        tool: ToolDeclaration(
            name: "search_companies", title: "Search film companies",
            description:
                "Find film companies (distributors, producers…) and their KOBIS codes by part of the name, the chief executive or the part. Example: {\"name\": \"쇼박스\"}.",
            options: [.ceo, .part, .page, .limit]),
        make: { reader throws(UsageError) in
            let name = try reader.searchTerm()
            let ceo = try reader.nonEmptyText(.ceo)
            let part = try reader.nonEmptyText(.part)
            guard name != nil || ceo != nil || part != nil else {
                if try reader.flag(.all) {
                    throw reader.error(
                        bilingual(
                            "--all needs a filter: give a name to search for, or --ceo or --part.", "--all에는 조건이 필요합니다: 찾을 이름이나 --ceo 또는 --part를 주세요."
                        ))
                }
                throw reader.error(
                    bilingual(
                        "Give a name to search for, or \(reader.name(.ceo)) or \(reader.name(.part)).",
                        "찾을 이름이나 \(reader.name(.ceo)) 또는 \(reader.name(.part), particle: .object) 주세요."))
            }
            return CompaniesCommand(
                name: name, ceo: ceo, part: part, list: try ListOptions(reader), network: try NetworkOptions(reader, offering: Self.fieldNames))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let client = try state.makeClient(network, needs: [.kobis])
        let partCode = try await part.asyncMap {
            try await CodeNames.code(for: $0, in: .companyParts, option: .part, of: Self.spec, in: state, client: client)
        }
        let (name, ceo) = (self.name, self.ceo)
        let (companies, total) = try await list.fetch(in: state, client: client) { page, size in
            let result = try await client.searchCompanies(CompanyQuery(name: name, ceo: ceo, partCode: partCode, page: page, itemsPerPage: size))
            return (result.companies, result.totalCount)
        }
        let output = CompaniesOutput(CompanySearchResult(totalCount: total, companies: companies), page: list.shownPage)
        return list.all ? .data(WholeList(output, shown: companies.count, total: total), network) : .data(output, network)
    }
}
