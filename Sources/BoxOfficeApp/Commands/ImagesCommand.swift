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
        name: "images", abstract: Words("Search Kakao images.", "카카오 이미지를 검색합니다."),
        examples: ["boxoffice images '밀수 영화 포스터'", "boxoffice images 밀수 --sort recency --limit 5 --format json"],
        arguments: [ArgumentSpec(name: "query", help: Words("What to search for.", "검색어."))],
        options: [
            OptionSpec(
                name: .sort, kind: .choice(ImageSearchQuery.Sort.allCases.map(\.rawValue)), valueName: "order",
                help: Words("accuracy or recency.", "accuracy(정확도순) 또는 recency(최신순)."),
                defaultValue: .value(ImageSearchQuery.Sort.accuracy.rawValue)),
            OptionSpec(
                name: .page, kind: .integer(ImageSearchQuery.pages),
                help: Words("Page of results, 1 to \(ImageSearchQuery.pages.upperBound).", "결과 페이지, 1~\(ImageSearchQuery.pages.upperBound)."),
                defaultValue: .value("1")),
            OptionSpec(
                name: .limit, kind: .integer(ImageSearchQuery.sizes),
                help: Words("Results per page, 1 to \(ImageSearchQuery.sizes.upperBound).", "페이지당 결과 수, 1~\(ImageSearchQuery.sizes.upperBound)."),
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
