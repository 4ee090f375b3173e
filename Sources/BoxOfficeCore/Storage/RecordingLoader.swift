#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Passes requests on and writes every successful body where `ReplayLoader` will look (`--record DIR`).
package struct RecordingLoader: EndpointLoading {
    /// The loader that really fetches.
    package let base: any EndpointLoading
    /// The folder recordings go to.
    package let directory: URL
    /// Keeps the keys out of recordings even when a service echoes them.
    package let redactor: SecretRedactor

    /// Creates a recorder in front of another loader.
    package init(base: any EndpointLoading, directory: URL, redactor: SecretRedactor) {
        self.base = base
        self.directory = directory
        self.redactor = redactor
    }

    /// Fetches through the base loader, then records a 2xx body atomically.
    package func data(for request: HTTPRequest, endpoint: EndpointInfo) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await base.data(for: request, endpoint: endpoint)
        if response.isSuccess {
            let file = directory.appendingPathComponent(RecordingName.fileName(for: endpoint.recordingName), isDirectory: false)
            let folder = file.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: folder.path, reason: "the folder cannot be created")
            }
            try AtomicFile.write(redactor.redact(data), toPath: file.path, permissions: .standard)
        }
        return (data, response)
    }
}
