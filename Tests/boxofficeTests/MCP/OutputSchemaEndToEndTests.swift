@testable import BoxOfficeApp
@testable import boxoffice
import BoxOfficeCore
import Foundation
import Testing

/// Each command that prints data declares the schema of its JSON beside its encoder; what it
/// prints with `--format json` is checked against it with Python's `jsonschema`, ranges and the
/// commands no tool runs included.
struct OutputSchemaEndToEndTests {
    /// A command line of every command that prints data, with the command whose schema it is.
    static let commands: [(spec: CommandSpec, arguments: [String])] = [
        (DailyCommand.spec, ["daily", "--date", "20230818"]),
        (DailyCommand.spec, ["daily", "--from", "20230816", "--to", "20230818", "--limit", "2"]),
        (WeeklyCommand.spec, ["weekly", "--date", "2023-08-13", "--period", "weekend"]),
        (MovieCommand.spec, ["movie", "20218541"]),
        (SearchCommand.spec, ["search", "밀수"]),
        (PeopleCommand.spec, ["people", "봉준호"]),
        (PersonCommand.spec, ["person", "20164001"]),
        (CompaniesCommand.spec, ["companies", "쇼박스"]),
        (CompanyCommand.spec, ["company", "20060555"]),
        (CodesCommand.spec, ["codes", "regions"]),
        (PosterCommand.spec, ["poster", "20218541"]),
        (ReportCommand.spec, ["report", "--date", "20230818", "--days", "3"]),
        (TrendCommand.spec, ["trend", "20218541", "--from", "20230815", "--to", "20230818"]),
        (ImagesCommand.spec, ["images", "밀수"]),
        (QuotaCommand.spec, ["quota"]),
        (CacheCommand.Stats.spec, ["cache", "stats"]),
        (ConfigCommand.Show.spec, ["config", "show"]),
    ]

    @Test(.enabled(if: TestTools.runsMCPTests, Comment(rawValue: MCPEndToEndTests.missing)))
    func everyCommandsJSONIsWhatItsSchemaSays() async throws {
        let server = try MCPEndToEndTests.apiServer()
        defer { server.stop() }
        let state = MCPEndToEndTests.state(server)
        var checks: [(name: String, schema: JSONValue, instance: Any)] = []
        for (spec, arguments) in Self.commands {
            let run = try await state.run(arguments + ["--format", "json"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let schema = try #require(spec.outputSchema, "\(spec.name) declares no output")
            checks.append((arguments.joined(separator: " "), schema.json, try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))))
        }
        for problem in try await OutputSchemaCheck.problems(checks, state: state) {
            Issue.record("\(problem)")
        }
    }
}
