import Foundation
import Testing

/// Titles a hostile server sends back, run through every text format of the real binary: what a
/// terminal would act on goes whole, what a reader sees stays, and no key shows through a disguise.
@Suite(.serialized)
struct HostileTextEndToEndTests {
    static let daily = ["daily", "--date", "20230818"]
    static let textFormats = ["table", "csv", "tsv", "markdown"]

    /// The day's chart with the first two titles replaced by JSON string contents (escapes allowed).
    static func chart(firstTitle: String, secondTitle: String = "오펜하이머") throws -> String {
        let fixture = try String(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json"), encoding: .utf8)
        return fixture.replacingOccurrences(of: "콘크리트 유토피아", with: firstTitle).replacingOccurrences(of: "오펜하이머", with: secondTitle)
    }

    static func run(_ body: String, _ arguments: [String]) throws -> BinaryRun {
        let kobis = try LoopbackServer { _ in .json(body) }
        defer { kobis.stop() }
        return try BinaryRunner(kobisURL: kobis.baseURL).run(arguments)
    }

    // MARK: Escape sequences go whole

    @Test func escapeSequencesInATitleLeaveNoDebrisInAnyTextFormat() throws {
        // Erase the screen, set the window title, a hyperlink, a DCS, red in its C1 form.
        let title = #"\u001b[2J\u001b]0;pwned\u0007Sequence\u001b]8;;https://evil.invalid\u001b\\ Title\u001bP1$qm\u001b\\\u009b31m"#
        let body = try Self.chart(firstTitle: title)
        let cells = ["table": "  Sequence Title  ", "csv": ",Sequence Title,", "tsv": "\tSequence Title\t", "markdown": "| Sequence Title |"]
        for format in Self.textFormats {
            let run = try Self.run(body, Self.daily + ["--format", format])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(run.stdout.contains(cells[format] ?? "?"), "\(format): \(run.stdout)")
            for debris in ["2J", "]0;", "pwned", "evil.invalid", "]8;", "1$qm", "31m"] {
                #expect(!run.stdout.contains(debris), "\(format) shows \(debris): \(run.stdout)")
            }
        }
    }

    // MARK: Tabs and line separators in CSV and TSV

    @Test func csvHoldsNoTabOrLineSeparatorAndTSVEscapesTheTab() throws {
        let body = try Self.chart(firstTitle: #"Tab\there\u2028line\u2029para\u0085graph"#)
        let csv = try Self.run(body, Self.daily + ["--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        for scalar: Unicode.Scalar in ["\t", "\u{2028}", "\u{2029}", "\u{85}", "\r"] {
            #expect(!csv.stdout.unicodeScalars.contains(scalar), "CSV holds U+\(String(scalar.value, radix: 16))")
        }
        #expect(csv.stdout.contains(",Tab here line paragraph,"), "\(csv.stdout)")
        #expect(csv.stdout.split(separator: "\n").count == 11, "a header and ten rows")
        let tsv = try Self.run(body, Self.daily + ["--format", "tsv"])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        #expect(tsv.stdout.contains("\tTab\\there line paragraph\t"), "\(tsv.stdout)")
        #expect(!tsv.stdout.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" })
    }
}
