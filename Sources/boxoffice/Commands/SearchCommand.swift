import BoxOfficeCore
import Foundation

/// `boxoffice search <title>`: movies and their codes.
struct SearchCommand: RunnableCommand {
    let query: MovieSearchQuery
    let network: NetworkOptions

    static let pageSizes = 1...100
    static let pages = 1...10_000
    static let years = 1900...9999

    static let spec = CommandSpec(
        name: "search", abstract: "Find movies and their codes by title.",
        examples: ["boxoffice search 밀수", "boxoffice search 광해 --year 2012", "boxoffice search --director 봉준호"],
        arguments: [ArgumentSpec(name: "title", help: "Part of the title (optional with --director).", isOptional: true)],
        options: [
            OptionSpec(name: "director", valueName: "name", help: "Part of a director's name."),
            OptionSpec(name: "year", valueName: "yyyy", help: "Only movies that opened in this year (the Opened column, not Produced)."),
            OptionSpec(name: "page", valueName: "n", help: "Page of results, from 1.", defaultValue: "1"),
            OptionSpec(name: "limit", valueName: "n", help: "Results per page, \(pageSizes.lowerBound) to \(pageSizes.upperBound).", defaultValue: "10"),
        ] + SharedOptions.network,
        make: { reader throws(UsageError) in try SearchCommand(reader) })

    init(_ reader: OptionReader) throws(UsageError) {
        let title = reader.positionals.first.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let director = reader.value("director").flatMap { $0.isEmpty ? nil : $0 }
        guard title != nil || director != nil else { throw reader.error("Give a title to search for, or --director.") }
        let year = try reader.integer("year", in: Self.years)
        query = MovieSearchQuery(
            title: title, director: director, openedFromYear: year, openedToYear: year,
            page: try reader.integer("page", in: Self.pages), itemsPerPage: try reader.integer("limit", in: Self.pageSizes))
        network = try NetworkOptions(reader)
    }

    func run(in runner: Runner) async throws -> Data {
        let result = try await runner.makeClient(network, needs: [.kobis]).searchMovies(query)
        return text(DocumentWriter.write(SearchOutput(result), format: network.format, style: runner.style(network)))
    }
}
