#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Passes each request on and writes every successful body where the `Replayer` will look (`--record DIR`).
package struct Recorder: LoaderMiddleware {
    /// The folder recordings go to.
    package let directory: URL
    /// Keeps the keys out of recordings even when a service echoes them.
    package let redactor: SecretRedactor

    /// Creates a recorder into a folder.
    package init(directory: URL, redactor: SecretRedactor) {
        self.directory = directory
        self.redactor = redactor
    }

    /// Passes the request on, then records a 2xx body atomically.
    package func intercept(
        _ request: HTTPRequest, endpoint: EndpointInfo, next: @Sendable @concurrent (HTTPRequest) async throws -> (Data, HTTPResponse)
    ) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await next(request)
        if response.isSuccess {
            let file = directory.appendingPathComponent(RecordingName.fileName(for: endpoint.recordingName), isDirectory: false)
            let folder = file.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: folder.path, reason: Words("the folder cannot be created", "폴더를 만들 수 없습니다"))
            }
            try AtomicFile.write(redactor.redact(data), toPath: file.path, permissions: .standard)
        }
        return (data, response)
    }
}
