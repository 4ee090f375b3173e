@testable import BoxOfficeApp
@testable import boxoffice
import BoxOfficeCore
import Foundation
import Testing

/// Tool results checked with Python's `jsonschema` (Tests/MCP/validate_output.py) against their
/// tools' `outputSchema`: the schema each output declares beside its encoder is kept honest by
/// every structured content the tests see.
enum OutputSchemaCheck {
    static let script = BinaryRunner.repositoryRoot.appendingPathComponent("Tests/MCP/validate_output.py").path

    /// The problems found, a line each; none when every instance is valid against its schema.
    static func problems(_ checks: [(name: String, schema: JSONValue, instance: Any)], state: BinaryRunner) async throws -> [String] {
        let objects = try checks.map { check -> [String: Any] in
            let schema = try JSONSerialization.jsonObject(with: Data(check.schema.serialized().utf8))
            return ["name": check.name, "schema": schema, "instance": check.instance]
        }
        let file = state.home.appendingPathComponent("checks-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: objects).write(to: file)
        let run = await (try state.start([script, file.path], executable: TestTools.mcpPython)).wait()
        try #require(run.status == 0, "the schema check did not run: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String], "\(run.stdout)")
    }

    /// Records an issue for each result that does not match its tool's schema; checks at least one.
    static func expectValid(
        _ results: [(tool: String, structuredContent: Any)], state: BinaryRunner, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try #require(!results.isEmpty, "no structured content to check", sourceLocation: sourceLocation)
        let checks = try results.enumerated().map { index, result in
            let tool = try #require(MCPTool.named(result.tool), "no tool \(result.tool)", sourceLocation: sourceLocation)
            return (name: "\(result.tool) #\(index)", schema: tool.outputSchema, instance: result.structuredContent)
        }
        for problem in try await problems(checks, state: state) {
            Issue.record("\(problem)", sourceLocation: sourceLocation)
        }
    }
}
