import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice images <query>`: Kakao image search.
package struct ImagesCommand: RunnableCommand {
    let query: ImageSearchQuery
    let network: NetworkOptions

    static let defaultCount = 10

    /// What `--fields` offers: the JSON names of the columns, which an empty page names all.
    static let fieldNames = ImagesOutput(ImageSearchResult(totalCount: 0, pageableCount: 0)).document.fieldNames

    static let spec = CommandSpec(
        name: "images", abstract: "Search Kakao images.",
        examples: ["boxoffice images '밀수 영화 포스터'", "boxoffice images 밀수 --sort recency --limit 5 --format json"],
        arguments: [ArgumentSpec(name: "query", help: "What to search for.")],
        options: [
            OptionSpec(
                name: .sort, kind: .choice(ImageSearchQuery.Sort.allCases.map(\.rawValue)), valueName: "order", help: "accuracy or recency.",
                defaultValue: .value(ImageSearchQuery.Sort.accuracy.rawValue)),
            OptionSpec(
                name: .page, kind: .integer(ImageSearchQuery.pages), help: "Page of results, 1 to \(ImageSearchQuery.pages.upperBound).",
                defaultValue: .value("1")),
            OptionSpec(
                name: .limit, kind: .integer(ImageSearchQuery.sizes), help: "Results per page, 1 to \(ImageSearchQuery.sizes.upperBound).",
                defaultValue: .value(String(defaultCount))),
        ] + SharedOptions.network + [SharedOptions.fields(fieldNames)],
        outputSchema: ImagesOutput.jsonSchema,
        make: { reader throws(UsageError) in try ImagesCommand(reader) })

    init(_ reader: OptionReader) throws(UsageError) {
        guard let text = try reader.searchTerm() else {
            throw reader.error(
                bilingual(
                    "The search query is empty.", "검색어가 비어 있습니다."))
        }
        query = ImageSearchQuery(
            text: text, sort: try reader.choice(.sort, ImageSearchQuery.Sort.init(rawValue:)),
            page: try reader.integer(.page),
            size: try reader.integer(.limit) ?? Self.defaultCount)
        network = try NetworkOptions(reader, offering: Self.fieldNames)
    }

    package func run(in state: CommandState) async throws -> CommandOutput {
        let result = try await state.makeClient(network, needs: [.kakao]).searchImages(query)
        return .data(ImagesOutput(result), network)
    }
}
