import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `boxoffice poster <code>`: the title from KOBIS, then the best Kakao image for
/// "<title> 영화 포스터". With `--download -` the image itself goes to stdout.
package struct PosterCommand: RunnableCommand {
    let code: String
    let download: String?
    let network: NetworkOptions

    /// `--download -`: the image on stdout.
    static let standardOutput = "-"

    /// `DIR/`, or the name of an existing folder.
    static func isFolder(_ path: String) -> Bool {
        path.hasSuffix("/") || Paths.isFolder(path)
    }

    /// A letter, mark or number of any script (Unicode's L*, M* and N*, Foundation's `alphanumerics`).
    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// `DIR/20218541.jpg`.
    /// The image type a file name's extension names, if it names one.
    static func kindNamed(by path: String) -> ImageKind? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        // The kinds are named by their raw values (`jpeg`, `png`…); JPEG also by `jpg`, its extension.
        return suffix == ImageKind.jpeg.fileExtension ? .jpeg : ImageKind(rawValue: suffix)
    }

    static func file(in folder: String, code: String, kind: ImageKind?) -> String {
        let name = code.unicodeScalars.allSatisfy(isAlphanumeric) ? code : "poster"
        return (folder.hasSuffix("/") ? folder : folder + "/") + name + "." + (kind?.fileExtension ?? "img")
    }

    static let spec = CommandSpec(
        name: "poster", abstract: Words("Find a movie's poster.", "영화 포스터를 찾습니다."),
        discussion: Words(
            "Looks up the title on KOBIS, then searches Kakao images for \"<title> 영화 포스터\" and prints the best image URL.",
            "KOBIS에서 영화명을 찾은 뒤 카카오 이미지에서 \"<title> 영화 포스터\"를 검색해 가장 알맞은 이미지 URL을 출력합니다."),
        examples: ["boxoffice poster 20218541", "boxoffice poster 20218541 --download poster.jpg"],
        arguments: [ArgumentSpec(name: "movie-code", key: .code, help: Words("The KOBIS movie code.", "KOBIS 영화 코드."))],
        options: [
            OptionSpec(
                name: .download, kind: .text, valueName: "path",
                help: Words("Save the image to <path> (a file or a folder), or to stdout with -.", "이미지를 <path>(파일 또는 폴더)에, -이면 표준 출력에 저장하기."),
                completion: .paths)
            // Its data is a URL; the image has --download.
        ] + SharedOptions.network.filter { !$0.isNamed(.output) },
        outputSchema: PosterOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "movie_poster", title: "Movie poster",
            description:
                "The best poster image URL for a movie, found on Kakao image search from its KOBIS title (the server needs a Kakao key). Example: {\"code\": \"20124079\"}.",
            options: []),
        make: { reader throws(UsageError) in
            PosterCommand(code: try reader.movieCode(), download: try reader.text(.download), network: try NetworkOptions(reader))
        })

    package func run(in state: CommandState) async throws -> CommandOutput {
        let context = state.context
        if download == Self.standardOutput, context.stdoutIsTerminal {
            throw UsageError(
                bilingual(
                    "Refusing to write an image to the terminal; redirect stdout, for example: --download - > poster.jpg",
                    "이미지를 터미널에 쓰지 않습니다. 표준 출력을 돌려 주세요. 예: --download - > poster.jpg"),
                commandPath: ["poster"])
        }
        let intoFolder = download.map(Self.isFolder) ?? false
        if let download, download != Self.standardOutput {
            if intoFolder { try OutputFile.checkFolder(download) } else { try OutputFile.check(download) }
        }
        let client = try state.makeClient(network, needs: [.kobis, .kakao])
        let (details, best) = try await PosterFinder(client: client).poster(forMovie: code)
        var saved: String?
        if let download {
            let downloader = ImageDownloader(
                loader: state.transport(.image, timeout: network.timeout), timeout: network.timeout, userAgent: CommandState.userAgent)
            let image = try await downloader.image(at: best.imageURL)
            if download == Self.standardOutput { return .bytes(image) }
            // Into a folder, the file is named after the movie and the image's real type.
            let kind = ImageKind(image)
            let path = intoFolder ? Self.file(in: download, code: details.code, kind: kind) : download
            if !intoFolder, let kind, let named = Self.kindNamed(by: path), named != kind {
                // Saved as asked all the same: the name is the user's; but a viewer going by it may refuse the file.
                context.warn(
                    bilingual(
                        "The image is \(kind.rawValue.uppercased()), not \(named.rawValue.uppercased()) as \(TerminalText.sanitize(path))'s name says; saved as named all the same.",
                        "이미지는 파일 이름(\(TerminalText.sanitize(path)))이 말하는 \(named.rawValue.uppercased(), particle: .subject) 아니라 \(kind.rawValue.uppercased())입니다. 이름대로 저장했습니다."
                    ))
            }
            Signals.arm()
            try OutputFile.write(image, toPath: path)
            saved = path
            context.note(
                bilingual(
                    "Saved the poster of \(TerminalText.sanitize(details.title)) to \(path).",
                    "\(TerminalText.sanitize(details.title)) 포스터를 \(path)에 저장했습니다."))
        }
        return .data(PosterOutput(movie: details, poster: best, path: saved), network)
    }
}
