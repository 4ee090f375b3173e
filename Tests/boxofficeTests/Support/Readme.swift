import Foundation
import Testing

/// The README as the tests read it: its text, a section of it, and a section's fenced blocks,
/// for tests that run what the README tells a user to run.
enum Readme {
    static func text() throws -> String {
        try String(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The text under `## heading`, up to the next `## ` heading.
    static func section(_ heading: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let readme = try text()
        let start = try #require(readme.range(of: "\n## \(heading)\n"), "README has no '## \(heading)'", sourceLocation: sourceLocation)
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The fenced blocks of `language` (` ```swift `) in the section, without their fences.
    static func blocks(_ language: String, in heading: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try section(heading, sourceLocation: sourceLocation).components(separatedBy: "```\(language)\n").dropFirst()
            .map { $0.components(separatedBy: "\n```").first ?? "" }
    }
}
