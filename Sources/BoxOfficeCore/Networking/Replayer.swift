#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers requests from recorded bodies in a folder instead of the network, as tests and
/// demonstrations do.
///
/// A request is answered by `DIR/<name>.json` (see `RecordingName`), or, when that is missing,
/// by the first of `DIR/<name>-capture*.json` in name order, the way `shared/samples` keeps
/// several captures of one movie. It never calls `next`: nothing reaches the network.
public struct Replayer: LoaderMiddleware {
    /// The folder holding `kobis/` and `kakao/`.
    public let directory: URL

    /// Creates a replayer over a folder.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The recorded body with a 200 response, or `ReplayError.noRecording`.
    public func intercept(
        _ request: HTTPRequest, endpoint: EndpointInfo, next: @Sendable @concurrent (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse) {
        let service = endpoint.service
        let name = endpoint.recordingName
        guard let file = recording(named: name) else {
            throw ReplayError.noRecording(service, file: RecordingName.fileName(for: name))
        }
        let data = try Data(contentsOf: file)
        let headers = ["Content-Type": "application/json; charset=utf-8"]
        return (data, HTTPResponse(url: request.url, statusCode: 200, headerFields: headers))
    }

    private func recording(named name: String) -> URL? {
        let exact = directory.appendingPathComponent(RecordingName.fileName(for: name), isDirectory: false)
        if FileManager.default.fileExists(atPath: exact.path) { return exact }
        let folder = exact.deletingLastPathComponent()
        let capturePrefix = exact.deletingPathExtension().lastPathComponent + "-capture"
        let candidates = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return
            candidates
            .filter { $0.hasPrefix(capturePrefix) && $0.hasSuffix(".json") }
            .sorted()
            .first
            .map { folder.appendingPathComponent($0, isDirectory: false) }
    }
}

/// The replayer could not answer a request.
public enum ReplayError: ReportableError, Equatable {
    /// The folder has no recording for this request.
    case noRecording(APIService, file: String)

    /// One line.
    public var message: String {
        switch self {
        case .noRecording(let service, let file):
            bilingual(
                "No recorded \(service.displayName) response \(TerminalText.sanitize(file)) in the replay folder.",
                "재생 폴더에 기록된 \(service.koreanName) 응답 \(TerminalText.sanitize(file), particle: .subject) 없습니다.")
        }
    }
}
