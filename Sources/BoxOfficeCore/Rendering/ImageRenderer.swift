/// Renders Kakao image search results.
public enum ImageRenderer {
    /// The CSV/TSV header.
    public static let columns = ["image_url", "thumbnail_url", "width", "height", "site", "document_url", "datetime"]

    /// Renders a page of images.
    public static func render(_ result: ImageSearchResult, format: OutputFormat, style: RenderStyle = RenderStyle()) -> String {
        switch format {
        case .json, .jsonl:
            let object = JSONValue.object([
                ("totalCount", .integer(result.totalCount)),
                ("pageableCount", .integer(result.pageableCount)),
                ("isEnd", .bool(result.isEnd)),
                ("images", .array(result.images.map { image in
                    .object([
                        ("imageURL", .string(image.imageURL)), ("thumbnailURL", .string(image.thumbnailURL)),
                        ("width", .integer(image.width)), ("height", .integer(image.height)), ("site", .string(image.site)),
                        ("documentURL", .string(image.documentURL)), ("datetime", .string(image.datetime)),
                    ])
                })),
            ])
            return object.serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            let rows: [[DelimitedCell]] = result.images.map { image in
                [.text(image.imageURL), .text(image.thumbnailURL), .number(image.width),
                 .number(image.height), .text(image.site), .text(image.documentURL), .text(image.datetime)]
            }
            return DelimitedTextWriter.document(format, header: columns, rows: rows)
        case .markdown:
            return MarkdownTableWriter.render(columns: tableColumns, rows: result.images.map(cells))
        case .table:
            let renderer = TableRenderer(columns: tableColumns, maxWidth: style.terminalWidth, usesColor: style.usesColor)
            return renderer.render(result.images.map { cells($0).map { TableCell($0) } })
                + "\(result.images.count) of \(result.totalCount) images\n"
        }
    }

    private static let tableColumns = [
        TableColumn("Size", alignment: .right), TableColumn("Site", isTruncatable: true), TableColumn("Image URL", isTruncatable: true),
    ]

    private static func cells(_ image: ImageResult) -> [String] {
        let size = image.width.flatMap { width in image.height.map { "\(width)×\($0)" } } ?? "-"
        return [size, image.site ?? "-", image.imageURL]
    }
}
