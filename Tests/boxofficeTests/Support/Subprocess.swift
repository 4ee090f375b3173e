import Foundation

/// A program of the toolchain (`swift build`, `git`) run to its end in a folder, its stdout and
/// stderr together: what the tests that build packages of their own read.
enum Subprocess {
    /// A build from scratch on a busy machine takes minutes; this only ends a hang.
    static let backstopSeconds: Double = 3_600

    /// Runs `arguments` through `env`, in `folder`, with the test's environment and `environment`
    /// over it (or `environment` alone, not `inheriting`), and awaits its end. The output goes through a file, which a pipe's small buffer
    /// would not hold.
    @discardableResult
    static func run(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], inheriting: Bool = true
    ) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = inheriting ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-subprocess-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        let exit = try process.runObservingExit()
        try handle.close()
        guard let status = await exit.value(within: backstopSeconds) else {
            process.terminate()
            throw Backstop(waitedFor: "`\(arguments.joined(separator: " "))` to end", seconds: backstopSeconds)
        }
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
