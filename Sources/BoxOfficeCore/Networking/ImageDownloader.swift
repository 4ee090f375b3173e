#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Downloads an image from an untrusted address: http(s) only, no API credentials, a size
/// bound while the bytes arrive, and a check that the bytes really are an image.
public struct ImageDownloader: Sendable {
    let loader: any HTTPDataLoading
    let timeout: Double
    let userAgent: String

    /// Creates a downloader; give it a loader that adds no `Authorization` header, such as a
    /// transport with the `.image` policy.
    public init(
        loader: any HTTPDataLoading, timeout: Double = ClientConfiguration.defaultTimeout, userAgent: String = ClientConfiguration.defaultUserAgent
    ) {
        self.loader = loader
        self.timeout = timeout
        self.userAgent = userAgent
    }

    /// The bytes at `address`, if they are an image of at most `TransferPolicy.image.maximumBytes`.
    public func image(at address: String) async throws -> Data {
        guard let url = WebAddress.url(address), let host = url.host else {
            throw BoxOfficeError.notAnImage("an address that is not http or https")
        }
        let request = HTTPRequest(url: url, headerFields: ["User-Agent": userAgent])
        let (data, response): (Data, HTTPResponse)
        let loader = self.loader
        let timeout = self.timeout
        let limit = TransferPolicy.image.maximumBytes
        do {
            (data, response) = try await Deadline.load(
                request, policy: .image, seconds: timeout, timeoutError: { BoxOfficeError.downloadTimedOut(host: host, seconds: timeout) },
                bounded: loader as? any TimeBoundLoading, send: { try await loader.data(for: $0) })
        } catch {
            guard let failure = TransferFailure(error) else { throw error }
            switch failure {
            case .timedOut: throw BoxOfficeError.downloadTimedOut(host: host, seconds: timeout)
            case .transient(let reason), .malformed(let reason), .lasting(let reason): throw BoxOfficeError.downloadFailed(host: host, reason: reason)
            case .tooLarge(let transportLimit): throw BoxOfficeError.imageTooLarge(host: host, limit: min(transportLimit, limit))
            case .redirectRefused(let refusal):
                throw BoxOfficeError.downloadFailed(
                    host: host, reason: Words("it redirected \(refusal.words.english)", "\(refusal.words.korean) 돌려보냈습니다"))
            }
        }
        guard response.isSuccess else {
            throw BoxOfficeError.downloadFailed(
                host: host, reason: Words("it answered HTTP \(response.statusCode)", "HTTP \(response.statusCode) 응답이 왔습니다"))
        }
        guard data.count <= limit else { throw BoxOfficeError.imageTooLarge(host: host, limit: limit) }
        guard ImageKind(data) != nil else { throw BoxOfficeError.notAnImage(host) }
        return data
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

    /// Its media type: `image/jpeg`, `image/png`, `image/gif` or `image/webp`.
    public var mediaType: String { "image/" + rawValue }

    /// The usual file extension: `jpg`, `png`, `gif` or `webp`.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
