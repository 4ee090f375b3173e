import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice movie <code>`: a movie's details.
package struct MovieCommand: RunnableCommand {
    let code: String
    let network: NetworkOptions

    static let spec = CommandSpec(
        name: "movie", abstract: Words("Show a movie's details.", "영화 상세 정보를 보여 줍니다."),
        examples: ["boxoffice movie 20124079", "boxoffice movie 20124079 --format json"],
        arguments: [
            ArgumentSpec(
                name: "movie-code", key: .code,
                help: Words("The KOBIS movie code (find it with `boxoffice search`).", "KOBIS 영화 코드(`boxoffice search`로 찾습니다)."),
                toolHelp: "The KOBIS movie code (find it with search_movies or in a chart).")
        ],
        options: SharedOptions.network,
        outputSchema: MovieOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "movie_details", title: "Movie details",
            description:
                "A movie's details from KOBIS by its movie code: titles, running time, production and opening dates, nations, genres, directors, actors, companies, audit ratings. Find codes with search_movies or in a chart. Example: {\"code\": \"20124079\"}.",
            options: []),
        make: { reader throws(UsageError) in MovieCommand(code: try reader.movieCode(), network: try NetworkOptions(reader)) })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let details = try await state.makeClient(network, needs: [.kobis]).movie(code: code)
        return .data(MovieOutput(details), network)
    }
}
