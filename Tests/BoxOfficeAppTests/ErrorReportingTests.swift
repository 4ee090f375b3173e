@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// Every error that can end a run carries one line and its documented exit code.
struct ErrorReportingTests {
    /// One of each case with the exit code the README's table gives its situation; a new case
    /// fails `everyCaseHasASample` until it is given one here.
    static let samples: [(error: BoxOfficeError, code: ExitCode)] = [
        (
            .rangeFailed(RangeFailure(failures: [("2023-08-18", BoxOfficeError.keyRejected(.kobis, code: nil, message: "invalid key"))], total: 3)),
            .keyRejected
        ),
        (.rangeAbandoned(RangeAbandoned(error: BoxOfficeError.timedOut(.kobis, seconds: 15), tried: 4, total: 31)), .tryLater),
        (.transportFailed(.kakao, reason: "the app's own transport gave up"), .unavailable),
        (.archive(.busy(path: "/tmp/archive.sqlite3")), .cannotCreateOutput),
        (
            .archive(.unstorableChart(day: KSTDate(year: 2023, month: 8, day: 19)!, film: "20233616", row: 8, reason: .listedTwice)),
            .malformedResponse
        ),
        (.missingAPIKey(.kobis), .configuration),
        (.keyRejected(.kakao, code: "AccessDeniedError", message: "wrong appKey([redacted]) format"), .keyRejected),
        (.quotaExceeded(.kobis, message: "일일 호출 허용량을 초과하였습니다."), .tryLater), (.dailyLimitReached(.kobis, limit: 3_000), .tryLater),
        (.quotaInsufficient(.kobis, needed: 31, left: 10), .tryLater), (.rateLimited(.kakao, message: nil), .tryLater),
        (.serviceFault(.kobis, code: "320102", message: "필수 파라미터 누락"), .unavailable), (.httpStatus(.kobis, status: 404, message: nil), .unavailable),
        (.serverError(.kobis, status: 503, attempts: 3), .unavailable),
        (.malformedResponse(.kobis, expected: "a box-office JSON body", detail: "it is HTML"), .malformedResponse),
        (.noChartData("2026-11-22"), .tryLater), (.notFound(.movie(code: "1")), .notFound), (.timedOut(.kobis, seconds: 15), .tryLater),
        (.unreachable(.kobis, host: "127.0.0.1", reason: "connection refused"), .unavailable), (.notAnImage("img.example"), .malformedResponse),
        (.downloadFailed(host: "img.example", reason: "it answered HTTP 404"), .unavailable),
        (.downloadTimedOut(host: "img.example", seconds: 15), .tryLater), (.responseTooLarge(.kobis, limit: 8 << 20), .malformedResponse),
        (.imageTooLarge(host: "img.example", limit: 20 << 20), .malformedResponse),
        (.answerMismatch(.kobis, asked: "movie 1", answered: "movie 2"), .malformedResponse),
        (.redirectRefused(.kobis, .otherOrigin(Origin(URL(fileURLWithPath: "/")))), .unavailable),
        (.quotaLedgerUnavailable(path: "/home/x/.cache/boxoffice/quota.json", reason: "Permission denied"), .cannotCreateOutput),
        (
            .quotaLedgerLocked(
                path: "/home/x/.cache/boxoffice/quota.json", holder: QuotaLedger.LockHolder(processIdentifier: 1234, name: "boxoffice"), seconds: 15),
            .cannotCreateOutput
        ),
        (.quotaLedgerLocked(path: "/home/x/.cache/boxoffice/quota.json", holder: nil, seconds: 0.5), .cannotCreateOutput),
        (.unknownCodeName("배급", group: .companyParts, known: ["제작사", "배급사"]), .usage),
        (
            .invalidRange(
                .endsBeforeOpening(
                    movieCode: "20218541", title: "밀수", lastDay: KSTDate(year: 2023, month: 7, day: 1)!,
                    opening: KSTDate(year: 2023, month: 7, day: 26)!)), .usage
        ),
        (.invalidRange(.reversed(from: KSTDate(year: 2023, month: 8, day: 31)!, to: KSTDate(year: 2023, month: 8, day: 1)!)), .usage),
        (.invalidRange(.tooLong(count: 1_233, limit: 260, unit: .weeks)), .usage),
        (.invalidRange(.nothingStarts(.weekend, from: KSTDate(year: 2023, month: 8, day: 7)!, to: KSTDate(year: 2023, month: 8, day: 9)!)), .usage),
        (
            .invalidRange(
                .notEndedYet(
                    .weekdays, firstDay: KSTDate(year: 2026, month: 11, day: 16)!, lastDay: KSTDate(year: 2026, month: 11, day: 19)!,
                    today: KSTDate(year: 2026, month: 11, day: 18)!)), .usage
        ),
    ]

    /// The cases of `BoxOfficeError`, without their values.
    enum Case: CaseIterable {
        case missingAPIKey, keyRejected, quotaExceeded, dailyLimitReached, quotaInsufficient, rateLimited, noChartData, timedOut, downloadTimedOut,
            serviceFault, httpStatus, serverError, unreachable, downloadFailed, redirectRefused, malformedResponse, notAnImage, responseTooLarge,
            imageTooLarge, answerMismatch, notFound, quotaLedgerUnavailable, quotaLedgerLocked, unknownCodeName, invalidRange, rangeFailed,
            rangeAbandoned, transportFailed, archive
    }

    /// Names every case, so that a new one does not compile until it has a `Case`, and
    /// `everyCaseHasASample` fails until it is given a sample above.
    static func caseOf(_ error: BoxOfficeError) -> Case {
        switch error {
        case .missingAPIKey: .missingAPIKey
        case .keyRejected: .keyRejected
        case .quotaExceeded: .quotaExceeded
        case .dailyLimitReached: .dailyLimitReached
        case .quotaInsufficient: .quotaInsufficient
        case .rateLimited: .rateLimited
        case .noChartData: .noChartData
        case .timedOut: .timedOut
        case .downloadTimedOut: .downloadTimedOut
        case .serviceFault: .serviceFault
        case .httpStatus: .httpStatus
        case .serverError: .serverError
        case .unreachable: .unreachable
        case .downloadFailed: .downloadFailed
        case .redirectRefused: .redirectRefused
        case .malformedResponse: .malformedResponse
        case .notAnImage: .notAnImage
        case .responseTooLarge: .responseTooLarge
        case .imageTooLarge: .imageTooLarge
        case .answerMismatch: .answerMismatch
        case .notFound: .notFound
        case .quotaLedgerUnavailable: .quotaLedgerUnavailable
        case .quotaLedgerLocked: .quotaLedgerLocked
        case .unknownCodeName: .unknownCodeName
        case .invalidRange: .invalidRange
        case .rangeFailed: .rangeFailed
        case .rangeAbandoned: .rangeAbandoned
        case .transportFailed: .transportFailed
        case .archive: .archive
        }
    }

    /// What the library says an app shows its user: nothing of printing, caching, options or the
    /// tool's own count, in either language; the tool adds those in its own words.
    @Test func theLibrarysOwnLinesSpeakOfNoToolInEitherLanguage() {
        let timedOut = BoxOfficeError.timedOut(.kobis, seconds: 1)
        let errors =
            Self.samples.map(\.error) + [
                .rangeFailed(RangeFailure(failures: [("2023-08-18", timedOut)], total: 3)),
                .rangeAbandoned(RangeAbandoned(error: timedOut, tried: 3, total: 20)),
            ]
        let toolWords = ["print", "boxoffice", "--", "cache", "Cache", "출력", "캐시", "run again"]
        for language in Language.allCases {
            Language.$current.withValue(language) {
                for error in errors {
                    // The samples' own data (a ledger's path, a process's name) is not the library's words.
                    let line = error.message.replacingOccurrences(of: "/home/x/.cache/boxoffice/quota.json", with: "PATH")
                        .replacingOccurrences(of: "(boxoffice)", with: "(NAME)")
                    #expect(!toolWords.contains { line.contains($0) }, "\(language): \(line)")
                }
            }
        }
        let cli = ErrorText.message(for: BoxOfficeError.rangeFailed(RangeFailure(failures: [("2023-08-18", timedOut)], total: 3)))
        #expect(cli.contains("so nothing was printed") && cli.contains("run again"), "the tool says it in its words: \(cli)")
    }

    @Test func everyCaseHasASample() {
        let sampled = Set(Self.samples.map { Self.caseOf($0.error) })
        #expect(Case.allCases.filter { !sampled.contains($0) }.isEmpty, "cases without a sample")
    }

    static func expectOneLine(_ error: any Error, sourceLocation: SourceLocation = #_sourceLocation) {
        let message = ErrorText.message(for: error)
        #expect(!message.isEmpty && !message.contains("\n"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("..") && !message.hasPrefix("Internal error"), "\(message)", sourceLocation: sourceLocation)
        #expect(
            message.hasSuffix(".") && !message.contains(".)."), "one sentence or more, each ended once: \(message)", sourceLocation: sourceLocation)
    }

    @Test func aRangeSaysOneReasonForManyChartsOnce() {
        let failures: [(String, any Error)] = (11...18).map { ("2023-08-\($0)", BoxOfficeError.timedOut(.kobis, seconds: 1)) }
        let message = ErrorText.message(for: RangeFailure(failures: failures, total: 8))
        #expect(
            message.hasPrefix(
                "8 of 8 charts failed (2023-08-11, 2023-08-12, 2023-08-13, 2023-08-14, 2023-08-15 and 3 more), so nothing was printed: KOBIS did not answer"
            ), "\(message)")
        #expect(message.components(separatedBy: "did not answer").count == 2, "said once: \(message)")
        let mixed = ErrorText.message(for: RangeFailure(failures: [failures[0], ("2023-08-12", BoxOfficeError.missingAPIKey(.kobis))], total: 8))
        #expect(mixed.contains("2023-08-11 (KOBIS did not answer") && mixed.contains("2023-08-12 (No KOBIS API key"), "\(mixed)")
    }

    @Test func everyServiceErrorHasItsCodeAndOneLine() {
        for (error, code) in Self.samples {
            #expect(ErrorText.exitCode(for: error) == code, "\(error)")
            Self.expectOneLine(error)
        }
    }

    @Test func theLibrarySpeaksToAppsAndTheToolAddsItsHints() {
        let commandLineWords = ["--", "boxoffice ", "'boxoffice", "_API_KEY", "config set", "KAKAO_REST"]
        for (error, _) in Self.samples {
            #expect(!commandLineWords.contains { error.description.contains($0) }, "an app's user has no such thing: \(error.description)")
            #expect((error as any Error).localizedDescription == error.description, "\(error)")
        }
        #expect(ErrorText.message(for: BoxOfficeError.timedOut(.kobis, seconds: 15)).hasSuffix("Try again later or raise --timeout."))
        #expect(ErrorText.message(for: BoxOfficeError.missingAPIKey(.kakao)).contains("KAKAO_REST_API_KEY"))
        #expect(ErrorText.message(for: BoxOfficeError.notFound(.company(code: "1"))).hasSuffix("Find codes with 'boxoffice companies <name>'."))
        let range = RangeFailure(failures: [("2023-08-01", BoxOfficeError.timedOut(.kobis, seconds: 1))], total: 2)
        #expect(ErrorText.message(for: range).contains("raise --timeout") && !range.description.contains("--timeout"))
    }

    @Test func everyOtherErrorHasItsCodeAndOneLine() {
        let cases: [(any Error, ExitCode)] = [
            (UsageError("Unknown option '--frmat'."), .usage),
            (ConfigurationError(description: "The config file x line 2 cannot be used: y."), .configuration),
            (InternalError(description: "Cannot clear the cache at x."), .internalError),
            (FileWriteError(path: "/tmp/x", reason: "Permission denied"), .cannotCreateOutput),
            (ReplayError.noRecording(.kobis, file: "kobis/daily-1.json"), .configuration),
            (RangeFailure(failures: [("2023-08-10", ReplayError.noRecording(.kobis, file: "kobis/daily-20230810.json"))], total: 7), .configuration),
            (RangeFailure(failures: [("2023-08-01", BoxOfficeError.timedOut(.kobis, seconds: 1))], total: 2), .tryLater),
            (
                RangeFailure(failures: [("a", BoxOfficeError.timedOut(.kobis, seconds: 1)), ("b", BoxOfficeError.missingAPIKey(.kobis))], total: 2),
                .configuration
            ),
        ]
        for (error, code) in cases {
            #expect(ErrorText.exitCode(for: error) == code, "\(error)")
            Self.expectOneLine(error)
        }
    }

    @Test func anErrorNobodyDescribedIsAnInternalError() {
        struct Surprise: Error {}
        #expect(ErrorText.exitCode(for: Surprise()) == .internalError)
        #expect(ErrorText.message(for: Surprise()).hasPrefix("Internal error"))
    }

    /// The rows of the README's "Exit codes" table: each code and its meaning as a reader sees
    /// it (code spans are Markdown, not words).
    static func readmeExitCodes() throws -> [(code: Int32, meaning: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Exit codes\n").dropFirst().first, "README has no '## Exit codes'")
        let table = section.components(separatedBy: "\n\n").first { $0.contains("| code | meaning |") } ?? ""
        return try table.split(separator: "\n").dropFirst(2).map { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count == 4, "not a row of two cells: \(row)")
            let code = try #require(Int32(cells[1]), "not a code: \(row)")
            return (code, cells[2].replacingOccurrences(of: "`", with: ""))
        }
    }

    @Test func theREADMEsExitCodeTableIsExitCodeWordForWord() throws {
        let rows = try Self.readmeExitCodes()
        #expect(!rows.isEmpty, "README's exit-code table is empty")
        for code in ExitCode.allCases {
            guard let row = rows.first(where: { $0.code == code.rawValue }) else {
                Issue.record("README lacks exit \(code.rawValue) (ExitCode.\(code)): \(code.english)")
                continue
            }
            #expect(row.meaning == code.english, "README's exit \(code.rawValue) says '\(row.meaning)'; ExitCode.\(code) says '\(code.english)'")
        }
        for row in rows where ExitCode(rawValue: row.code) == nil {
            Issue.record("README lists exit \(row.code), which ExitCode does not have: \(row.meaning)")
        }
        #expect(rows.map(\.code) == ExitCode.allCases.map(\.rawValue), "README's rows are not in ExitCode's order")
    }
}
