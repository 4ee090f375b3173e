import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice search [<title>]`: movies and their codes, by the movie list's every filter.
package struct SearchCommand: RunnableCommand {
    var query: MovieSearchQuery
    /// `--nation` and `--type` as given: codes, or names looked up in their code groups.
    let nations: [String]
    let types: [String]
    let list: ListOptions
    let network: NetworkOptions

    static let years = 1900...9999

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = SearchOutput(MovieSearchResult(totalCount: 0)).document.fieldNames

    static let spec = CommandSpec(
        name: "search",
        abstract: Words("Find movies and their codes by title, director, nation, type and years.", "영화명, 감독, 국적, 유형, 연도로 영화와 그 코드를 찾습니다."),
        examples: [
            "boxoffice search 밀수", "boxoffice search 광해 --year 2012", "boxoffice search --director 봉준호",
            "boxoffice search --nation 한국 --type 장편 --opened-from 2023 --opened-to 2023 --all --format csv",
        ],
        arguments: [
            ArgumentSpec(
                name: "title", key: .title, help: Words("Part of the title (optional with other filters).", "영화명의 일부(다른 조건을 주면 생략 가능)."),
                toolHelp: "Part of the title, Korean or as KOBIS knows it (optional with other filters).", isOptional: true)
        ],
        options: [
            OptionSpec(name: .director, kind: .text, valueName: "name", help: Words("Part of a director's name.", "감독 이름의 일부.")),
            OptionSpec(
                name: .year, kind: .integer(years), valueName: "yyyy",
                help: Words("Only movies that opened in this year (the Opened column, not Produced).", "이 해에 개봉한 영화만(제작연도가 아니라 개봉일 기준).")
            ),
            OptionSpec(
                name: .openedFrom, kind: .integer(years), valueName: "yyyy",
                help: Words("Only movies that opened in this year or later.", "이 해부터 개봉한 영화만.")),
            OptionSpec(
                name: .openedTo, kind: .integer(years), valueName: "yyyy",
                help: Words("Only movies that opened in this year or earlier.", "이 해까지 개봉한 영화만.")),
            OptionSpec(
                name: .madeFrom, kind: .integer(years), valueName: "yyyy",
                help: Words("Only movies produced in this year or later.", "이 해부터 제작된 영화만.")),
            OptionSpec(
                name: .madeTo, kind: .integer(years), valueName: "yyyy",
                help: Words("Only movies produced in this year or earlier.", "이 해까지 제작된 영화만.")),
            OptionSpec(
                name: .nation, kind: .text, valueName: "nation", repeats: true,
                help: Words(
                    "Only movies of this nation: a code of the nations group or its name, such as 한국; may repeat.",
                    "이 국적의 영화만: nations 그룹의 코드 또는 한국 같은 이름. 여러 번 줄 수 있습니다."),
                toolHelp: "Only movies of these nations: codes of the nations group or their names, such as 한국.",
                completion: .codeNames(.nations)),
            OptionSpec(
                name: .type, kind: .text, valueName: "type", repeats: true,
                help: Words(
                    "Only movies of this type: a code of the movie-types group or its name, such as 장편; may repeat.",
                    "이 유형의 영화만: movie-types 그룹의 코드 또는 장편 같은 이름. 여러 번 줄 수 있습니다."),
                toolHelp: "Only movies of these types: codes of the movie-types group or their names, such as 장편.",
                completion: .codeNames(.movieTypes)),
        ] + ListOptions.specs + SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: WholeList<SearchOutput>.jsonSchema,
        tool: ToolDeclaration(
            name: "search_movies", title: "Search movies",
            description:
                "Find movies and their KOBIS codes by part of the title, director, opening or production years. Example: {\"title\": \"밀수\"} or {\"director\": \"봉준호\", \"year\": 2019}.",
            options: [.director, .year, .openedFrom, .openedTo, .madeFrom, .madeTo, .nation, .type, .page, .limit]),
        make: { reader throws(UsageError) in try SearchCommand(reader) })

    init(_ reader: OptionReader) throws(UsageError) {
        let title = try reader.searchTerm()
        let director = try reader.nonEmptyText(.director)
        nations = try reader.texts(.nation).filter { !$0.isEmpty }
        types = try reader.texts(.type).filter { !$0.isEmpty }
        let year = try reader.integer(.year)
        var openedFrom = try reader.integer(.openedFrom)
        var openedTo = try reader.integer(.openedTo)
        if let year {
            guard openedFrom == nil, openedTo == nil else {
                throw reader.error(
                    bilingual(
                        "Use either \(reader.name(.year)) or \(reader.name(.openedFrom))/\(reader.name(.openedTo)), not both.",
                        "\(reader.name(.year), particle: .and) \(reader.name(.openedFrom))/\(reader.name(.openedTo)) 가운데 하나만 쓰세요."))
            }
            (openedFrom, openedTo) = (year, year)
        }
        let madeFrom = try reader.integer(.madeFrom)
        let madeTo = try reader.integer(.madeTo)
        for (from, to, fromName, toName) in [
            (openedFrom, openedTo, OptionName.openedFrom, OptionName.openedTo), (madeFrom, madeTo, .madeFrom, .madeTo),
        ] {
            if let from, let to, from > to {
                throw reader.error(
                    bilingual(
                        "\(reader.name(fromName)) \(from) is after \(reader.name(toName)) \(to).",
                        "\(reader.name(fromName)) \(from, particle: .subject) \(reader.name(toName)) \(to)보다 뒤입니다."))
            }
        }
        let anyFilter =
            title != nil || director != nil || !nations.isEmpty || !types.isEmpty
            || [openedFrom, openedTo, madeFrom, madeTo].contains { $0 != nil }
        guard anyFilter else {
            throw reader.error(
                bilingual(
                    "Give a title to search for, or \(reader.name(.director)) or another filter.", "찾을 영화명을 주거나 \(reader.name(.director)) 같은 조건을 주세요."
                ))
        }
        list = try ListOptions(reader)
        query = MovieSearchQuery(
            title: title, director: director, openedFromYear: openedFrom, openedToYear: openedTo, page: list.page, itemsPerPage: list.limit)
        query.madeFromYear = madeFrom
        query.madeToYear = madeTo
        network = try NetworkOptions(reader, offering: Self.fieldNames)
    }

    package func run(in state: CommandState) async throws -> CommandOutput {
        let client = try state.makeClient(network, needs: [.kobis])
        var query = self.query
        for nation in nations {
            query.nationCodes.append(try await CodeNames.code(for: nation, in: .nations, option: .nation, of: Self.spec, in: state, client: client))
        }
        for type in types {
            query.typeCodes.append(try await CodeNames.code(for: type, in: .movieTypes, option: .type, of: Self.spec, in: state, client: client))
        }
        let resolved = query
        let (movies, total) = try await list.fetch(in: state, client: client) { page, size in
            var pageQuery = resolved
            (pageQuery.page, pageQuery.itemsPerPage) = (page, size)
            let result = try await client.searchMovies(pageQuery)
            return (result.movies, result.totalCount)
        }
        let output = SearchOutput(MovieSearchResult(totalCount: total, movies: movies), page: list.shownPage)
        return list.all ? .data(WholeList(output, shown: movies.count, total: total), network) : .data(output, network)
    }
}
