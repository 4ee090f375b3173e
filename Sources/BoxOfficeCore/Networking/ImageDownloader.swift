import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads an image from an untrusted address: http(s) only, no API credentials, a size
/// bound, a check that the bytes really are an image, and an atomic write.
public struct ImageDownloader: Sendable {
    let loader: any HTTPDataLoading
    let timeout: Double

    /// Posters are far smaller; anything larger is not what we asked for.
    public static let maximumBytes = 20 * 1024 * 1024

    /// Creates a downloader; give it a loader that adds no `Authorization` header.
    public init(loader: any HTTPDataLoading, timeout: Double) {
        self.loader = loader
        self.timeout = timeout
    }

    /// Fetches `address` and writes it to `destination` only if it is an image.
    public func download(_ address: String, to destination: URL) async throws {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host else {
            throw BoxOfficeError.notAnImage("an address that is not http or https")
        }
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        request.setValue("boxoffice/\(BoxOfficeClient.version)", forHTTPHeaderField: "User-Agent")
        let (data, response): (Data, URLResponse)
        let loader = self.loader
        let finishedRequest = request
        do {
            (data, response) = try await Deadline.run(seconds: timeout) {
                BoxOfficeError.downloadFailed(host: host, reason: "it did not arrive within \(NumberText.decimal(timeout)) s")
            } operation: {
                try await loader.data(for: finishedRequest)
            }
        } catch let error as URLError {
            throw BoxOfficeError.downloadFailed(host: host, reason: BoxOfficeClient.transportReason(error.code))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw BoxOfficeError.downloadFailed(host: host, reason: "it answered HTTP \(http.statusCode)")
        }
        guard data.count <= Self.maximumBytes, ImageKind(data) != nil else { throw BoxOfficeError.notAnImage(host) }
        do {
            try data.write(to: destination, options: .atomic)
        } catch {
            throw BoxOfficeError.cannotSave(path: destination.path)
        }
    }
}

/// Image formats recognised by their first bytes.
public enum ImageKind: String, Sendable {
    /// JPEG.
    case jpeg
    /// PNG.
    case png
    /// GIF.
    case gif
    /// WebP.
    case webp

    /// The format of the bytes, or nil when they are not a known image.
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
