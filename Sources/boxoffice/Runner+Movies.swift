import BoxOfficeCore
import Foundation

extension Runner {
    func movie(code: String, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kobis])
        let details = try await client.movie(code: code)
        return MovieRenderer.render(details, format: options.format, style: style(options))
    }

    func search(_ query: MovieSearchQuery, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kobis])
        let result = try await client.searchMovies(query)
        return SearchRenderer.render(result, format: options.format, style: style(options))
    }

    func images(_ query: ImageSearchQuery, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kakao])
        let result = try await client.searchImages(query)
        return ImageRenderer.render(result, format: options.format, style: style(options))
    }

    /// The title from KOBIS, then the best Kakao image for "<title> 영화 포스터".
    /// With `--download -` the image itself goes to stdout instead of the description.
    func poster(code: String, download: String?, _ options: NetworkOptions) async throws -> Data {
        if download == Self.standardOutput, context.stdoutIsTerminal {
            throw UsageError("Refusing to write an image to the terminal; redirect stdout, for example: --download - > poster.jpg",
                             commandPath: ["poster"])
        }
        if let download, download != Self.standardOutput { try OutputFile.check(download) }
        let client = try makeClient(options, needs: [.kobis, .kakao])
        let (details, best) = try await PosterFinder(client: client).poster(forMovie: code)
        if let download {
            let downloader = ImageDownloader(loader: URLSessionTransport(policy: .image, timeout: options.timeout), timeout: options.timeout)
            let image = try await downloader.image(at: best.imageURL)
            if download == Self.standardOutput { return image }
            try OutputFile.write(image, toPath: download)
            context.log("Saved the poster of \(TerminalText.sanitize(details.title)) to \(download).")
        }
        return Data(Self.describePoster(details: details, best: best, download: download, format: options.format).utf8)
    }

    /// `--download -`: the image on stdout.
    static let standardOutput = "-"

    private static func describePoster(details: MovieDetails, best: ImageResult, download: String?, format: OutputFormat) -> String {
        switch format {
        case .json, .jsonl:
            let fields: [(String, JSONValue)] = [
                ("code", .string(details.code)), ("title", .string(details.title)), ("posterURL", .string(best.imageURL)),
                ("width", .integer(best.width)), ("height", .integer(best.height)), ("documentURL", .string(best.documentURL)),
                ("path", .string(download)),
            ]
            return JSONValue.object(fields).serialized(compact: format == .jsonl) + "\n"
        case .csv, .tsv:
            let header = ["code", "title", "poster_url", "width", "height", "document_url", "path"]
            let row: [DelimitedCell] = [
                .text(details.code), .text(details.title), .text(best.imageURL), .number(best.width),
                .number(best.height), .text(best.documentURL), .text(download),
            ]
            return DelimitedTextWriter.document(format, header: header, rows: [row])
        case .markdown:
            return MarkdownTableWriter.render(columns: [TableColumn("Code"), TableColumn("Title"), TableColumn("Poster")],
                                              rows: [[details.code, details.title, best.imageURL]])
        case .table:
            return TerminalText.sanitize(best.imageURL) + "\n"
        }
    }
}
