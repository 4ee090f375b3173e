import Foundation
import Testing

/// The tool in Korean, as `LANG=ko_KR.UTF-8` gives it, against golden files a Korean reader
/// checked; and English, whatever else the locale says, exactly as it was.
struct LanguageEndToEndTests {
    static let golden = BinaryRunner.repositoryRoot.appendingPathComponent("Tests/boxofficeTests/Golden")
    static let korean = ["LANG": "ko_KR.UTF-8"]
    static let report = ["report", "--date", "20230818", "--replay", "Fixtures"]

    /// Each golden output and the command that prints it.
    static let outputs: [(file: String, arguments: [String])] = [
        ("ko/daily.txt", ["daily", "--date", "20230818", "--replay", "Fixtures"]),
        ("ko/weekly.txt", ["weekly", "--date", "20230813", "--period", "weekend", "--replay", "Fixtures"]),
        ("ko/report.txt", report + ["--format", "text"]),
        ("ko/report.md", report + ["--format", "markdown"]),
        ("ko/report.html", report + ["--format", "html"]),
        ("ko/report-slack.json", report + ["--format", "slack"]),
        ("ko/report-discord.json", report + ["--format", "discord"]),
        ("ko/help.txt", ["--help"]),
        ("ko/help-daily.txt", ["daily", "--help"]),
        ("ko/exit-codes.txt", ["help", "exit-codes"]),
    ]

    /// A golden file, or with BOXOFFICE_UPDATE_GOLDEN=1 the output written as the new one (to be
    /// read by a person before it is committed).
    static func expectGolden(_ output: String, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = golden.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["BOXOFFICE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(output == expected, "\(file) differs:\n\(output)", sourceLocation: sourceLocation)
    }

    @Test(arguments: outputs.map(\.file))
    func aKoreanRunPrintsItsGoldenFile(_ file: String) async throws {
        let arguments = try #require(Self.outputs.first { $0.file == file }?.arguments)
        let run = try await BinaryRunner(keys: false).run(arguments, extraEnvironment: Self.korean)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectGolden(run.stdout, file)
    }

    @Test func theMailIsKoreanFromItsSubjectToItsParts() async throws {
        let run = try await BinaryRunner(keys: false).run(
            Self.report + ["--format", "email", "--mail-to", "desk@example.com", "--mail-from", "bot@example.com"],
            extraEnvironment: Self.korean)
        #expect(run.status == 0, "\(run.stderr)")
        // The subject is the report's Korean heading, as an encoded word.
        let subject = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("Subject: ") })
        let encoded = subject.dropFirst("Subject: =?UTF-8?B?".count).prefix { $0 != "?" }
        let decoded = Data(base64Encoded: String(encoded)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(decoded.hasPrefix("2023년 8월 18일(금) 박스오피스"), "\(subject) → \(decoded)")
        // The text part a Korean reader of plain text gets, whole titles and all: a golden file.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let header = try #require(lines.firstIndex { $0.hasPrefix("Content-Type: text/plain") }, "no text part")
        let body = try #require(lines[header...].firstIndex(of: ""), "no text part body") + 1
        let base64 = lines[body...].prefix { !$0.isEmpty && !$0.hasPrefix("--") }.joined()
        let text = try #require(Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }, "the text part is not base64")
        try Self.expectGolden(text, "ko/report-mail.txt")
    }

    @Test func everyUsageErrorSpeaksKoreanWithItsUsageLine() async throws {
        let state = BinaryRunner(keys: false)
        let mistakes: [[String]] = [
            ["dialy"], ["daily", "--limt", "3"], ["daily", "--limit", "30"], ["daily", "--date", "2023-13-01"], ["daily", "20230818"],
            ["movie"], ["daily", "--date"], ["daily", "--posters=yes"], ["daily", "--from", "20230818"],
            ["daily", "--date", "20230818", "--from", "20230801", "--to", "20230818"], ["daily", "--from", "20230818", "--to", "20230801"],
            ["weekly", "--period", "weekend", "--from", "20230807", "--to", "20230809"], ["search"], ["people"], ["companies", "--all"],
            ["codes", "atlantis"], ["help", "nothing"], ["config", "set", "naver"], ["completion", "tcsh"], ["daily", "--no-cache", "--refresh"],
            ["daily", "--fields", "rank,rank"], ["report", "--format", "email"], ["top", "--year", "2023", "--month", "2023-08"],
            ["top", "--month", "August"], ["archive", "sql", ""], ["daily", "--lang", "ja"],
        ]
        for arguments in mistakes {
            let run = try await state.run(arguments, extraEnvironment: Self.korean)
            #expect(run.status == 64 && run.stdout.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("오류: ") == true, "\(arguments): \(run.stderr)")
            // Korean words, not an English sentence with a Korean label.
            let error = lines.first ?? ""
            #expect(error.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(arguments): \(error)")
            for english in ["Unknown", "Missing", "Use either", "is not a valid", "Give ", " is after ", "not both", "Did you mean"] {
                #expect(!error.contains(english), "\(arguments): \(error)")
            }
            if arguments != ["daily", "--lang", "ja"] {
                #expect(lines.dropFirst().first?.hasPrefix("사용법: ") == true, "\(arguments): \(run.stderr)")
            }
        }
    }

    /// Any locale but Korean, a C locale that overrides a Korean LANG, and --lang en over a Korean
    /// environment: English, byte for byte as with no locale at all.
    @Test func englishIsTheSameWhateverElseTheLocaleSays() async throws {
        let state = BinaryRunner(keys: false)
        let commands: [[String]] = [
            ["daily", "--date", "20230818", "--replay", "Fixtures"], Self.report + ["--format", "markdown"], ["daily", "--help"],
            ["dialy"], ["daily", "--limit", "30"], ["movie", "99999999", "--replay", "Fixtures"], ["help", "exit-codes"],
        ]
        let locales: [[String: String]] = [
            ["LANG": "en_US.UTF-8"], ["LANG": "ja_JP.UTF-8"], ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"], ["LC_MESSAGES": "en_GB", "LANG": "ko_KR"],
            ["BOXOFFICE_LANG": "en", "LANG": "ko_KR.UTF-8"],
        ]
        for arguments in commands {
            var plain = state
            plain.environment["LANG"] = nil
            let reference = try await plain.run(arguments)
            for locale in locales {
                let run = try await state.run(arguments, extraEnvironment: locale)
                #expect(run.stdout == reference.stdout && run.stderr == reference.stderr && run.status == reference.status, "\(arguments) \(locale)")
            }
            let flag = try await state.run(arguments + ["--lang", "en"], extraEnvironment: Self.korean)
            #expect(flag.stdout == reference.stdout && flag.status == reference.status, "\(arguments) --lang en")
        }
    }

    @Test func theLanguageIsChosenAsPOSIXOrdersItAndTheFlagWins() async throws {
        let state = BinaryRunner(keys: false)
        let cases: [([String: String], [String], Bool)] = [
            (["LANG": "ko_KR.UTF-8"], [], true), (["LC_ALL": "ko_KR.UTF-8", "LANG": "C"], [], true), (["LC_MESSAGES": "ko", "LANG": "C"], [], true),
            (["LC_ALL": "C", "LC_MESSAGES": "ko"], [], false), (["BOXOFFICE_LANG": "ko"], [], true),
            (["BOXOFFICE_LANG": "en", "LANG": "ko_KR"], [], false),
            ([:], ["--lang", "ko"], true), (["LANG": "ko_KR.UTF-8"], ["--lang=en"], false), (["BOXOFFICE_LANG": "en"], ["--lang", "ko"], true),
            // gettext's LANGUAGE: its first entry the tool speaks wins over the locale's, but not over C.
            (["LANGUAGE": "ko:en", "LANG": "en_US.UTF-8"], [], true), (["LANGUAGE": "fr:en:ko", "LANG": "ko_KR.UTF-8"], [], false),
            (["LANGUAGE": "ko", "LANG": "C"], [], false), (["LANGUAGE": "ko", "LC_ALL": "C.UTF-8"], [], false),
            (["LANGUAGE": "", "LANG": "ko_KR.UTF-8"], [], true),
            // A Korean locale in another character set than UTF-8 gets English, not mojibake.
            (["LANG": "ko_KR.EUC-KR"], [], false), (["LANG": "ko_KR.eucKR"], [], false), (["LC_ALL": "ko_KR.utf8"], [], true),
            (["LANGUAGE": "ko", "LANG": "en_US.ISO-8859-1"], [], false),
        ]
        for (environment, flags, isKorean) in cases {
            let run = try await state.run(
                ["daily", "--date", "20230818", "--replay", "Fixtures", "--limit", "1"] + flags, extraEnvironment: environment)
            let heading = run.stdout.split(separator: "\n").first ?? ""
            #expect(heading.hasSuffix(" 일별 박스오피스") == isKorean, "\(environment) \(flags): \(run.stdout)")
        }
    }
}
