import Foundation

/// The transports the binary can be built with, each a binary of its own: libcurl (Linux's
/// default) and URLSession (Apple's systems; on Linux a second build made with
/// `BOXOFFICE_TRANSPORT=urlsession`, see Package.swift).
enum TransportBinary: String, CaseIterable, Sendable, CustomStringConvertible {
    case libcurl
    case urlSession

    var description: String { rawValue }

    /// The binary that talks through this transport.
    func url() async throws -> URL {
        #if os(Linux)
        switch self {
        case .libcurl: return BinaryRunner.binary
        case .urlSession: return try await Self.urlSessionBuild.value.get()
        }
        #else
        return BinaryRunner.binary
        #endif
    }

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Built once per test run, in a build folder of its own beside `.build/debug`, so the two
    /// builds never undo each other; a second run rebuilds only what changed. The tests that need
    /// it await the one build: a lazily made value would hold a thread of the pool in each of them
    /// for the minutes a build from scratch takes.
    private static let urlSessionBuild = Task<Result<URL, BuildFailure>, Never> {
        let root = BinaryRunner.repositoryRoot
        let scratch = root.appendingPathComponent(".build/urlsession-transport")
        let build: (status: Int32, output: String)
        do {
            build = try await Subprocess.run(
                ["swift", "build", "--product", "boxoffice", "--scratch-path", scratch.path], in: root,
                environment: ["BOXOFFICE_TRANSPORT": "urlsession"])
        } catch {
            return .failure(BuildFailure(description: "swift build did not start or end: \(error)"))
        }
        guard build.status == 0 else {
            return .failure(BuildFailure(description: "the URLSession build failed:\n\(build.output.suffix(4000))"))
        }
        return .success(scratch.appendingPathComponent("debug/boxoffice"))
    }
}
