import Foundation
import Testing

/// Finds the project's fixtures and the shared captures by this file's path.
package enum TestFiles {
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let fixtures = repositoryRoot.appendingPathComponent("Fixtures")
    /// Real captures by others; CI checks out `shared/` beside the repository.
    package static let samples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")
    /// Tests of the captures run where they are, and always under CI (`CI=true`), where a missing
    /// folder must fail them rather than pass for a proof.
    package static let runsSampleTests =
        FileManager.default.fileExists(atPath: samples.path)
        || ProcessInfo.processInfo.environment["CI"] == "true"

    package static func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(path))
    }

    /// Every sample file in a folder of `shared/samples`; records a plain failure when the folder is absent.
    package static func samples(in folder: String, prefix: String = "") -> [URL] {
        let directory = samples.appendingPathComponent(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            Issue.record("The shared captures are missing: expected \(directory.path) (CI checks out shared/ beside the repository).")
            return []
        }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Skipped, by name, in a clone without `../shared/samples`; required under CI.
    package static var sharedSamples: Self {
        .enabled(if: TestFiles.runsSampleTests, "the shared captures are not beside the repository (../shared/samples)")
    }
}
