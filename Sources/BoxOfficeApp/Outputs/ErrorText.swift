import BoxOfficeArchive
import BoxOfficeCore

/// A problem with the local set-up rather than with a service (exit 78).
package struct ConfigurationError: ReportableError, CustomStringConvertible {
    package let description: String

    package var message: String { description }
}

/// A question of an archive that is not there yet (exit 1).
package struct ArchiveMissing: ReportableError {
    let path: String

    package var message: String { message(for: .shell) }

    /// A model cannot name another file or sync: it is told who fills the archive.
    func message(for caller: Caller) -> String {
        let path = TerminalText.sanitize(path)
        guard case .shell = caller else {
            return bilingual(
                "No archive at \(path) yet: archive_sync fills it, spending KOBIS calls (one a day), unless the server is read-only; then its user fills it.",
                "\(path)에 아직 아카이브가 없습니다. archive_sync가 KOBIS 호출(하루에 1회)을 써서 채웁니다. 서버가 읽기 전용이면 서버 사용자가 채웁니다.")
        }
        return bilingual(
            "No archive at \(path) yet: 'boxoffice archive sync' fills it (or name one with --archive).",
            "\(path)에 아직 아카이브가 없습니다. 'boxoffice archive sync'로 채우세요(다른 파일은 --archive로 고르세요).")
    }
}

/// Something that should not fail did, such as removing our own cache files (exit 70).
package struct InternalError: ReportableError, CustomStringConvertible {
    package init(description: String) {
        self.description = description
    }

    package let description: String

    package var message: String { description }
}

/// The one line a person reads for an error, and its exit code: the one mapping from any error
/// to what the tool says and how it ends, for the shell and for MCP alike. Never a URL, a body or
/// a stack trace. The library says what happened; this adds what the caller can do about it, in
/// the caller's words (an option to a shell; a tool's argument or another tool to a model, and
/// never an option its tool cannot pass), and which of the documented codes (`ExitCode`) it is.
package enum ErrorText {
    package static func message(for error: any Error, caller: Caller = .shell) -> String {
        switch error {
        case .invalidRange(let problem) as BoxOfficeError:
            return line(for: problem, naming: caller.name(of:))
        case .rangeFailed(let failure) as BoxOfficeError:
            let retry =
                failure.fetchedAreCached
                ? bilingual(" Charts already fetched are cached; run again to retry.", " 이미 받은 박스오피스는 캐시에 있으니 다시 실행하세요.") : ""
            let line = RangeFailure.summary(
                failure.failures.map { ($0.0, message(for: $0.1, caller: caller)) }, head: failure.head,
                outcome: bilingual(", so nothing was printed", " 아무것도 출력하지 않았습니다"), listing: RangeFailure.listedFailures)
            return line + retry
        case .rangeAbandoned(let abandoned) as BoxOfficeError:
            let (tried, total, reason) = (abandoned.tried, abandoned.total, message(for: abandoned.error, caller: caller))
            return bilingual(
                "The first \(tried) of \(total) requests all failed the same way, so the other \(total - tried) were not sent and nothing was printed: \(reason)",
                "요청 \(total)개 가운데 처음 \(tried)개가 모두 같은 이유로 실패해 나머지 \(total - tried)개는 보내지 않았고 아무것도 출력하지 않았습니다: \(reason)")
        case let error as BoxOfficeError:
            return hint(for: error, caller: caller).map { error.message + " " + $0 } ?? error.message
        // The library throws them inside BoxOfficeError; said the same either way.
        case let error as RangeFailure:
            return message(for: BoxOfficeError.rangeFailed(error), caller: caller)
        case let error as RangeAbandoned:
            return message(for: BoxOfficeError.rangeAbandoned(error), caller: caller)
        case let error as ArchiveMissing:
            return error.message(for: caller)
        case let error as any ReportableError:
            return error.message
        default:
            return "Internal error (\(type(of: error))). Please report it."
        }
    }

    /// The option, variable or command that mends the error, in a sentence of its own.
    static func hint(for error: BoxOfficeError, caller: Caller = .shell) -> String? {
        // What a model cannot pass is left out: its tool takes no --ignore-quota or --timeout.
        let ignoreQuota = caller.option(.ignoreQuota)
        let timeout = caller.option(.timeout)
        switch error {
        case .missingAPIKey(let service):
            guard case .shell = caller else {
                return bilingual("Set \(service.keyVariable) in the server's environment to your key.", "서버 환경의 \(service.keyVariable)에 키를 넣으세요.")
            }
            return bilingual(
                "Set \(service.keyVariable) to your key, or store it with 'boxoffice config set \(service.rawValue)'.",
                "\(service.keyVariable)에 키를 넣거나 'boxoffice config set \(service.rawValue)'로 저장하세요.")
        case .keyRejected(let service, _, _):
            return bilingual(
                "Set \(service.keyVariable) to a valid key from \(service.keyHome).", "\(service.keyHome)에서 받은 올바른 키를 \(service.keyVariable)에 넣으세요.")
        case .dailyLimitReached:
            return ignoreQuota.map { option in
                bilingual(
                    "Try again tomorrow, or pass \(option) if the key has calls the count does not know of.",
                    "내일 다시 시도하세요. 이 키에 boxoffice가 모르는 호출이 남아 있다면 \(option, particle: .object) 쓰세요.")
            } ?? bilingual("Try again tomorrow.", "내일 다시 시도하세요.")
        case .quotaInsufficient:
            return ignoreQuota.map { option in
                bilingual("Shorten the range, try again tomorrow, or pass \(option).", "범위를 줄이거나, 내일 다시 시도하거나, \(option, particle: .object) 쓰세요.")
            } ?? bilingual("Shorten the range or try again tomorrow.", "범위를 줄이거나 내일 다시 시도하세요.")
        case .quotaLedgerUnavailable:
            return ignoreQuota.map { option in
                bilingual(
                    "Make it a regular file you can write, in a folder you can write, or pass \(option).",
                    "쓸 수 있는 폴더 안의 쓸 수 있는 일반 파일로 만들거나 \(option, particle: .object) 쓰세요.")
            } ?? bilingual("Make it a regular file you can write, in a folder you can write.", "쓸 수 있는 폴더 안의 쓸 수 있는 일반 파일로 만드세요.")
        case .quotaLedgerLocked:
            switch (timeout, ignoreQuota) {
            case (let timeout?, let ignoreQuota?):
                return bilingual(
                    "Let that process finish, raise \(timeout), or pass \(ignoreQuota).",
                    "그 프로세스가 끝나기를 기다리거나, \(timeout, particle: .object) 늘리거나, \(ignoreQuota, particle: .object) 쓰세요.")
            default:
                return bilingual("Let that process finish, then try again.", "그 프로세스가 끝난 뒤 다시 시도하세요.")
            }
        case .timedOut, .downloadTimedOut:
            return timeout.map { option in bilingual("Try again later or raise \(option).", "잠시 뒤 다시 시도하거나 \(option, particle: .object) 늘리세요.") }
                ?? bilingual("Try again later.", "잠시 뒤 다시 시도하세요.")
        case .notFound(.movie):
            return caller.command(SearchCommand.spec).map { command in bilingual("Find codes with '\(command)'.", "코드는 '\(command)'로 찾으세요.") }
        case .notFound(.person):
            return caller.command(PeopleCommand.spec).map { command in bilingual("Find codes with '\(command)'.", "코드는 '\(command)'로 찾으세요.") }
        case .notFound(.company):
            return caller.command(CompaniesCommand.spec).map { command in bilingual("Find codes with '\(command)'.", "코드는 '\(command)'로 찾으세요.") }
        case .notFound(.poster):
            return caller.command(ImagesCommand.spec, withArgument: false).map { command in
                bilingual("Try '\(command)' with other words.", "'\(command)'에 다른 검색어를 넣어 보세요.")
            }
        default:
            return nil
        }
    }

    /// The one place a range the library's rules refuse (`RangeRules`) is said to the tool's
    /// user: the library's sentence, with the options that mend it named as the caller names
    /// them (`--from` to a shell, `from` to a model). It is a usage error wherever it is found.
    static func line(for problem: RangeProblem, naming name: (OptionName) -> String = { "--" + $0.rawValue }) -> String {
        switch problem {
        case .reversed(let from, let to):
            bilingual(
                "\(name(.from)) \(from.iso) is after \(name(.to)) \(to.iso).",
                "\(name(.from)) \(from.iso, particle: .subject) \(name(.to)) \(to.iso)보다 뒤입니다.")
        case .endsBeforeOpening(_, _, _, let opening):
            bilingual(
                "\(problem.sentence) Give a \(name(.to)) on or after \(opening.iso), or leave it out.",
                "\(problem.sentence) \(name(.to), particle: .object) \(opening.iso) 이후로 주거나 빼세요.")
        case .tooLong, .nothingStarts, .notEndedYet, .startsInTheFuture:
            problem.sentence
        }
    }

    /// The code a run that ends with `error` exits with; an error nobody described is a bug (70).
    package static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case let error as BoxOfficeError: exitCode(for: error)
        case let error as RangeFailure: exitCode(for: .rangeFailed(error))
        case let error as RangeAbandoned: exitCode(for: .rangeAbandoned(error))
        case is UsageError: .usage
        case let result as PartialResult: result.code
        case is ConfigurationError, is ReplayError: .configuration
        case is FileWriteError, is LedgerUnreadable: .cannotCreateOutput
        case is LibcurlUnavailable: .unavailable
        case let error as ArchiveError: exitCode(for: error)
        case is ArchiveMissing, is ConfigCommand.Get.NotSet: .notFound
        case is ConfigCommand.NothingToUnset: .nothingToUnset
        case is SyncBudgetSpent, is PeriodNotArchived: .tryLater
        default: .internalError
        }
    }

    /// The code of each case of the archive's error.
    static func exitCode(for error: ArchiveError) -> ExitCode {
        switch error {
        case .sqliteUnavailable: .unavailable
        case .notAnArchive, .newerSchema, .readOnly, .busy, .diskFull, .cannotOpen, .failed, .notAFile, .unexpectedShape: .cannotCreateOutput
        // The file's figures, not the request, are at fault, as with a chart KOBIS could not have sent.
        case .totalTooLarge: .malformedResponse
        case .refused, .invalidQuery, .interrupted: .usage
        // KOBIS's answer, not the file, is at fault: the file holds every other day.
        case .unstorableChart: .malformedResponse
        }
    }

    /// The code of each case of the library's error.
    static func exitCode(for error: BoxOfficeError) -> ExitCode {
        switch error {
        case .missingAPIKey: .configuration
        case .keyRejected: .keyRejected
        case .quotaExceeded, .rateLimited, .timedOut, .noChartData, .downloadTimedOut, .dailyLimitReached, .quotaInsufficient: .tryLater
        case .serviceFault, .httpStatus, .serverError, .unreachable, .downloadFailed, .redirectRefused: .unavailable
        case .malformedResponse, .notAnImage, .responseTooLarge, .imageTooLarge, .answerMismatch: .malformedResponse
        case .quotaLedgerUnavailable, .quotaLedgerLocked: .cannotCreateOutput
        case .notFound: .notFound
        case .unknownCodeName, .invalidRange: .usage
        // The worst failure's: a rejected key or bad set-up matters more than a slow server.
        case .rangeFailed(let failure): failure.failures.map { exitCode(for: $0.1) }.min { $0.severity < $1.severity } ?? .internalError
        case .rangeAbandoned(let abandoned): exitCode(for: abandoned.error)
        case .transportFailed: .unavailable
        case .archive(let error): exitCode(for: error)
        }
    }
}
