import Foundation

/// The transports the binary can be built with, each a binary of its own: libcurl (Linux's
/// default) and URLSession (Apple's systems; on Linux a second build made with
/// `BOXOFFICE_TRANSPORT=urlsession`, see Package.swift).
enum TransportBinary: String, CaseIterable, Sendable, CustomStringConvertible {
    case libcurl
    case urlSession

    var description: String { rawValue }

    /// The binary that talks through this transport.
    func url() throws -> URL {
        #if os(Linux)
        switch self {
        case .libcurl: return BinaryRunner.binary
        case .urlSession: return try Self.urlSessionBuild.get()
        }
        #else
        return BinaryRunner.binary
        #endif
    }

    struct BuildFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Built once per test run, in a build folder of its own beside `.build/debug`, so the two
    /// builds never undo each other; a second run rebuilds only what changed.
    private static let urlSessionBuild: Result<URL, BuildFailure> = {
        let root = BinaryRunner.repositoryRoot
        let scratch = root.appendingPathComponent(".build/urlsession-transport")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--product", "boxoffice", "--scratch-path", scratch.path]
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging(["BOXOFFICE_TRANSPORT": "urlsession"]) { $1 }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-urlsession-build-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        do {
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
        } catch {
            return .failure(BuildFailure(description: "swift build did not start: \(error)"))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            return .failure(BuildFailure(description: "the URLSession build failed:\n\(output.suffix(4000))"))
        }
        return .success(scratch.appendingPathComponent("debug/boxoffice"))
    }()
}
