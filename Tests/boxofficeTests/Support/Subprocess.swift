import Foundation

/// A program of the toolchain (`swift build`, `git`) run to its end in a folder, its stdout and
/// stderr together: what the tests that build packages of their own read.
enum Subprocess {
    /// Runs `arguments` through `env`, in `folder`, with the test's environment and `environment`
    /// over it. The output goes through a file, which a pipe's small buffer would not hold.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-subprocess-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
