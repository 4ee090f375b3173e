import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Passes requests on and writes every successful body where `ReplayLoader` will look (`--record DIR`).
public struct RecordingLoader: HTTPDataLoading {
    /// The loader that really fetches.
    public let base: any HTTPDataLoading
    /// The folder recordings go to.
    public let directory: URL
    /// Keeps the keys out of recordings even when a service echoes them.
    public let redactor: SecretRedactor

    /// Creates a recorder in front of another loader.
    public init(base: any HTTPDataLoading, directory: URL, redactor: SecretRedactor) {
        self.base = base
        self.directory = directory
        self.redactor = redactor
    }

    /// Fetches through the base loader, then records a 2xx body atomically.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (data, response) = try await base.data(for: request)
        if let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
           let name = RecordingName.make(for: request) {
            let file = directory.appendingPathComponent(RecordingName.fileName(for: name))
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
