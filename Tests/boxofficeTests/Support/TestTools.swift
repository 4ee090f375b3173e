import Foundation
import Testing

/// Programs some tests drive beside the Swift toolchain. Where one is missing, its tests are
/// reported as skipped, by name; under CI (`CI=true`, where `.ci/install-test-tools` ran) they run
/// and fail instead, so a missing tool never passes for a proof.
enum TestTools {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The program's path in the usual folders, or nil.
    static func path(of program: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether tests needing these programs run: when all are there, and always under CI.
    static func run(with programs: [String]) -> Bool {
        isCI || programs.allSatisfy { path(of: $0) != nil }
    }

    /// Tests of the shared captures (`../shared/samples`, beside the repository) run where they
    /// are, and always under CI, where a missing folder fails them.
    static let runsSampleTests =
        isCI
        || FileManager.default.fileExists(
            atPath: BinaryRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples").path)

    /// The Python of the private virtual environment holding the official MCP SDK, made by
    /// `.ci/install-test-tools` under `.build` (never committed).
    static let mcpPython = BinaryRunner.repositoryRoot.appendingPathComponent(".build/mcp-venv/bin/python").path

    /// Whether the MCP SDK tests run: where the environment is there, and always under CI.
    static let runsMCPTests = isCI || FileManager.default.isExecutableFile(atPath: mcpPython)

    /// The program's path; under CI a missing one fails the test that needs it.
    static func require(_ program: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(path(of: program), "\(program) is missing; .ci/install-test-tools installs it", sourceLocation: sourceLocation)
    }
}
