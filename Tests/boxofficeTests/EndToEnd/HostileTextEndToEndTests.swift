import BoxOfficeCore
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
        let fixture = try String(
            contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json"), encoding: .utf8)
        return fixture.replacingOccurrences(of: "콘크리트 유토피아", with: firstTitle).replacingOccurrences(of: "오펜하이머", with: secondTitle)
    }

    static func run(_ body: String, _ arguments: [String]) async throws -> BinaryRun {
        let kobis = try LoopbackServer { _ in .json(body) }
        defer { kobis.stop() }
        return try await BinaryRunner(kobisURL: kobis.baseURL).run(arguments)
    }

    // MARK: Escape sequences go whole

    @Test func escapeSequencesInATitleLeaveNoDebrisInAnyTextFormat() async throws {
        // Erase the screen, set the window title, a hyperlink, a DCS, red in its C1 form.
        let title = #"\u001b[2J\u001b]0;pwned\u0007Sequence\u001b]8;;https://evil.invalid\u001b\\ Title\u001bP1$qm\u001b\\\u009b31m"#
        let body = try Self.chart(firstTitle: title)
        let cells = [
            "table": "  Sequence Title  ", "csv": ",Sequence Title,", "tsv": "\tSequence Title\t",
            "markdown": "| [Sequence Title](<https://www.kobis.or.kr/",
        ]
        for format in Self.textFormats {
            let run = try await Self.run(body, Self.daily + ["--format", format])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(run.stdout.contains(cells[format] ?? "?"), "\(format): \(run.stdout)")
            for debris in ["2J", "]0;", "pwned", "evil.invalid", "]8;", "1$qm", "31m"] {
                #expect(!run.stdout.contains(debris), "\(format) shows \(debris): \(run.stdout)")
            }
        }
    }

    // MARK: Tabs and line separators in CSV and TSV

    @Test func csvHoldsNoTabOrLineSeparatorAndTSVEscapesTheTab() async throws {
        let body = try Self.chart(firstTitle: #"Tab\there\u2028line\u2029para\u0085graph"#)
        let csv = try await Self.run(body, Self.daily + ["--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        for scalar: Unicode.Scalar in ["\t", "\u{2028}", "\u{2029}", "\u{85}", "\r"] {
            #expect(!csv.stdout.unicodeScalars.contains(scalar), "CSV holds U+\(String(scalar.value, radix: 16))")
        }
        #expect(csv.stdout.contains(",Tab here line paragraph,"), "\(csv.stdout)")
        #expect(csv.stdout.split(separator: "\n").count == 11, "a header and ten rows")
        let tsv = try await Self.run(body, Self.daily + ["--format", "tsv"])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        #expect(tsv.stdout.contains("\tTab\\there line paragraph\t"), "\(tsv.stdout)")
        #expect(!tsv.stdout.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" })
    }

    // MARK: A key disguised by what the sanitizer removes

    /// The KOBIS key with something the sanitizer removes between each pair of its characters, a
    /// different one each time, JSON-escaped as the server sends them.
    static let disguisedKey: String = {
        let separators = [
            #"\u0001"#, #"\u007f"#, #"\u0085"#, #"\u202e"#, #"\u200f"#, #"\u2066"#, #"\u001b[0m"#,
            #"\u001b]0;x\u0007"#, #"\u009b31m"#, #"\b"#, #"\u001bP1$q\u001b\\"#, "\u{202E}",
        ]
        return BinaryRunner.kobisKey.enumerated().map { offset, character in
            (offset == 0 ? "" : separators[offset % separators.count]) + String(character)
        }.joined()
    }()

    /// Fails if any eight characters of a key show in the text once what a terminal hides is gone.
    /// JSON is read first, so its strings are seen as a program that prints them would.
    static func expectNoKeyShows(in text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var strings = [text]
        if label == "json", let value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
            strings = allStrings(in: value)
            #expect(!strings.isEmpty, sourceLocation: sourceLocation)
        }
        let shown = strings.map { TerminalText.sanitize($0, keepingLineBreaks: true).lowercased() }.joined(separator: "\n")
        var pieces: [String] = []
        for key in [BinaryRunner.kobisKey, BinaryRunner.kakaoKey] {
            let characters = Array(key.lowercased())
            for start in 0...(characters.count - 8) where shown.contains(String(characters[start..<start + 8])) {
                pieces.append(String(characters[start..<start + 8]))
            }
        }
        #expect(pieces.isEmpty, "\(label) shows \(pieces) of a key: \(shown)", sourceLocation: sourceLocation)
    }

    private static func allStrings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(allStrings)
        case let object as [String: Any]: object.values.flatMap(allStrings)
        default: []
        }
    }

    @Test func aKeyDisguisedAsATitleIsRedactedInEveryFormat() async throws {
        let chart = try Self.chart(firstTitle: "Leak " + Self.disguisedKey + " end")
        let kobis = try LoopbackServer { _ in .json(chart) }
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL)
        for format in Self.textFormats + ["json"] {
            let run = try await state.run(Self.daily + ["--format", format, "--refresh"])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            // Markdown escapes the brackets, which it would otherwise read as a link's text.
            #expect(run.stdout.contains(format == "markdown" ? #"Leak \[redacted\] end"# : "Leak [redacted] end"), "\(format): \(run.stdout)")
            Self.expectNoKeyShows(in: run.stdout, format)
        }
        // The body itself is scrubbed as it arrives, so the cache holds no disguised key either.
        let stored = try #require(
            try? String(contentsOf: state.home.appendingPathComponent("cache/responses/kobis/daily-20230818.json"), encoding: .utf8))
        #expect(stored.contains("Leak [redacted] end"))
        // The entry is a header line, then the body.
        let body = stored.drop { $0 != "\n" }.dropFirst()
        let title = try JSONDecoder().decode(CachedChart.self, from: Data(body.utf8)).boxOfficeResult.dailyBoxOfficeList.first?.movieNm ?? ""
        Self.expectNoKeyShows(in: title, "the cached body")
    }

    @Test func aDisguisedKeyInACacheEntryAnEarlierVersionWroteIsRedactedOnTheWayOut() async throws {
        // Bodies are scrubbed as they arrive; what is read back from the cache is not, so stdout
        // itself is scrubbed, after the writers have removed what hid the key.
        let kobis = try LoopbackServer { _ in StubResponse(status: 500) }
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL)
        let entry = state.home.appendingPathComponent("cache/responses/kobis/daily-20230818.json")
        try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(("boxoffice-cache 1 expires=never\n" + Self.chart(firstTitle: "Leak " + Self.disguisedKey + " end")).utf8).write(to: entry)
        for format in Self.textFormats + ["json"] {
            let run = try await state.run(Self.daily + ["--format", format])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(run.stdout.contains("[redacted]"), "\(format): \(run.stdout)")
            Self.expectNoKeyShows(in: run.stdout, format)
        }
        #expect(kobis.requestCount == 0, "the cache answered")
    }

    @Test func aKeyDisguisedInANumberIsNotQuotedInTheError() async throws {
        let fixture = try Self.chart(firstTitle: "콘크리트 유토피아")
        let body = fixture.replacingOccurrences(of: #""audiCnt":"112934""#, with: #""audiCnt":""# + Self.disguisedKey + #"""#)
        #expect(body != fixture)
        let run = try await Self.run(body, Self.daily)
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["audiCnt", "[redacted]"])
        Self.expectNoKeyShows(in: run.stderr, "the error line")
    }
}

/// Just the part of a cached daily chart the test reads.
private struct CachedChart: Decodable {
    struct Result: Decodable {
        struct Entry: Decodable { let movieNm: String }
        let dailyBoxOfficeList: [Entry]
    }
    let boxOfficeResult: Result
}
