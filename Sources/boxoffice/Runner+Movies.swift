import BoxOfficeCore
import Foundation

extension Runner {
    func movie(code: String, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kobis])
        let details = try await client.movie(code: code)
        return DocumentWriter.write(MovieOutput(details), format: options.format, style: style(options))
    }

    func search(_ query: MovieSearchQuery, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kobis])
        let result = try await client.searchMovies(query)
        return DocumentWriter.write(SearchOutput(result), format: options.format, style: style(options))
    }

    func images(_ query: ImageSearchQuery, _ options: NetworkOptions) async throws -> String {
        let client = try makeClient(options, needs: [.kakao])
        let result = try await client.searchImages(query)
        return DocumentWriter.write(ImagesOutput(result), format: options.format, style: style(options))
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
        return Data(DocumentWriter.write(PosterOutput(movie: details, poster: best, path: download), format: options.format).utf8)
    }

    /// `--download -`: the image on stdout.
    static let standardOutput = "-"
}
