import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice people <name>`: people and their codes.
package struct PeopleCommand: RunnableCommand {
    let name: String?
    let filmography: String?
    let list: ListOptions
    let network: NetworkOptions

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = PeopleOutput(PeopleSearchResult(totalCount: 0), page: 1).document.fieldNames

    static let spec = CommandSpec(
        name: "people", abstract: Words("Find people (directors, actors, crew) and their codes by name.", "이름으로 영화인(감독, 배우, 스태프)과 그 코드를 찾습니다."),
        examples: ["boxoffice people 봉준호", "boxoffice people --filmography 기생충 --all --format csv"],
        arguments: [
            ArgumentSpec(
                name: "name", key: .name, help: Words("Part of the name (optional with --filmography).", "이름의 일부(--filmography를 주면 생략 가능)."),
                toolHelp: "Part of the name (optional with filmography).",
                isOptional: true)
        ],
        options: [
            OptionSpec(
                name: .filmography, kind: .text, valueName: "title",
                help: Words("Only people who worked on a film of this title.", "이 제목의 영화에 참여한 사람만."))
        ]
            + ListOptions.specs + SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: WholeList<PeopleOutput>.jsonSchema,
        tool: ToolDeclaration(
            name: "search_people", title: "Search people",
            description:
                "Find directors, actors and crew and their KOBIS person codes by part of the name, or by a film they worked on. Example: {\"name\": \"송강호\"}.",
            options: [.filmography, .page, .limit]),
        make: { reader throws(UsageError) in
            let name = try reader.searchTerm()
            let filmography = try reader.nonEmptyText(.filmography)
            guard name != nil || filmography != nil else {
                if try reader.flag(.all) {
                    throw reader.error(
                        bilingual(
                            "--all needs a filter: give a name to search for, or --filmography.", "--all에는 조건이 필요합니다: 찾을 이름이나 --filmography를 주세요."))
                }
                throw reader.error(
                    bilingual(
                        "Give a name to search for, or \(reader.name(.filmography)).", "찾을 이름이나 \(reader.name(.filmography), particle: .object) 주세요.")
                )
            }
            return PeopleCommand(
                name: name, filmography: filmography, list: try ListOptions(reader), network: try NetworkOptions(reader, offering: Self.fieldNames))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let client = try state.makeClient(network, needs: [.kobis])
        let (name, filmography) = (self.name, self.filmography)
        let (people, total) = try await list.fetch(in: state, client: client) { page, size in
            let result = try await client.searchPeople(PeopleQuery(name: name, filmography: filmography, page: page, itemsPerPage: size))
            return (result.people, result.totalCount)
        }
        let output = PeopleOutput(PeopleSearchResult(totalCount: total, people: people), page: list.shownPage)
        return list.all ? .data(WholeList(output, shown: people.count, total: total), network) : .data(output, network)
    }
}
