import Foundation
import Testing

/// Small things a new user hits at the command line, each said as the documentation says it.
struct UsageDetailsEndToEndTests {
    static let state = BinaryRunner()

    /// A usage error is three lines: the error, the usage, where to read more.
    static func expectUsage(_ arguments: [String], command: String, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let run = try await state.run(arguments + ["--replay", "Fixtures"])
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(lines.count == 4 && lines[0].hasPrefix("Error: ") && lines[0].contains(words), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(lines.count == 4 && lines[1].hasPrefix("Usage: boxoffice \(command)"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(lines.count == 4 && lines[2] == "  See 'boxoffice \(command) --help' for more." && lines[3].isEmpty, sourceLocation: sourceLocation)
    }

    @Test func aTrendThatEndsBeforeTheOpeningIsAUsageErrorWithItsUsage() async throws {
        try await Self.expectUsage(["trend", "20218541", "--to", "20230101"], command: "trend", mentioning: "before 밀수 (20218541) opened")
    }

    @Test func keepGoingOnASingleDayIsRefused() async throws {
        try await Self.expectUsage(["daily", "--date", "20230818", "--keep-going"], command: "daily", mentioning: "--keep-going is for a range")
    }

    @Test func anEmptyFieldsListSaysWhatItNeeds() async throws {
        try await Self.expectUsage(["daily", "--date", "20230818", "--fields", ""], command: "daily", mentioning: "--fields needs one or more names")
    }

    @Test func postersInAChatMessageAreRefusedBeforeAnyCall() async throws {
        for format in ["slack", "discord"] {
            try await Self.expectUsage(
                ["report", "--date", "20230818", "--format", format, "--posters"], command: "report", mentioning: "--posters has no place")
        }
    }

    @Test func theServersHelpOffersNoColourOption() async throws {
        let help = try await Self.state.run(["mcp", "--help"])
        #expect(help.status == 0 && !help.stdout.contains("--no-color") && !help.stdout.contains("--color"), "\(help.stdout)")
    }
}
