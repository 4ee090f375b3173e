import BoxOfficeCore
/// A page of Kakao image search results.
package struct ImagesOutput: Presentable {
    /// The page of images.
    package let result: ImageSearchResult

    /// Creates the output.
    package init(_ result: ImageSearchResult) {
        self.result = result
    }

    /// The result's own schema.
    package static let jsonSchema = ImageSearchResult.jsonSchema

    /// The image search's JSON contract: the result's own encoding.
    package var json: JSONValue { JSONValue(encoding: result) }

    /// One image a line.
    package var jsonLines: [JSONValue] { json.elements(of: "images") }

    /// A table of the images and a count of them.
    package var document: Document {
        let columns = [
            Column(Words("Size", "크기"), key: nil, alignment: .right, dropOrder: 2), Column.machine("image_url"), Column.machine("thumbnail_url"),
            Column.machine("width"), Column.machine("height"), Column(Words("Site", "출처"), key: "site", isTruncatable: true, dropOrder: 1),
            Column.machine("document_url"), Column.machine("datetime"), Column(Words("Image URL", "이미지 URL"), key: nil, keepsWhole: true),
        ]
        let rows: [[Cell]] = result.images.map { image in
            let size = image.width.flatMap { width in image.height.map { "\(width)×\($0)" } }
            return [
                .text(size), .text(image.imageURL), .text(image.thumbnailURL), .count(image.width), .count(image.height),
                .text(image.site), .text(image.documentURL), .text(image.datetime), .text(image.imageURL),
            ]
        }
        return Document([
            Document.Section([
                .table(Table(columns: columns, rows: rows)),
                .terminalLine(NumberText.shown(result.images.count, of: result.totalCount, "image", "images", counter: "장")),
            ])
        ])
    }
}
