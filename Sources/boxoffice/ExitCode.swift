import BoxOfficeCore

/// The documented exit codes (sysexits.h where one fits); `help exit-codes` prints this table.
enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    case notFound = 1
    case usage = 64
    case malformedResponse = 65
    case unavailable = 69
    case internalError = 70
    case cannotCreateOutput = 73
    case tryLater = 75
    case keyRejected = 77
    case configuration = 78
    case hangUp = 129
    case interrupted = 130
    case terminated = 143

    var meaning: String {
        switch self {
        case .success: "Success."
        case .notFound: "Not found: an unknown movie code, or no image for a poster."
        case .usage: "Usage error: a bad command, option, value or date. Nothing was requested."
        case .malformedResponse: "A service sent a response that is not what its documentation describes (HTML, invalid JSON, wrong fields), an answer to another question, a body past its size limit (8 MiB for API answers, 20 MiB for images), or a poster download that is not an image."
        case .unavailable: "Service unavailable: connection refused, unknown host, HTTP 5xx, a redirect to another host or to plain http, or an API error other than those below."
        case .internalError: "Internal error: a bug in boxoffice, or standard output that could not be written."
        case .cannotCreateOutput: "Cannot create output: a file to write (--download, --record) is not a regular file, or its folder is missing or not writable."
        case .tryLater: "Try later: a timeout, HTTP 429, the daily call limit (the service's or boxoffice's count), a range needing more calls than are left today, or a chart that has no data yet."
        case .keyRejected: "The service rejected the API key."
        case .configuration: "Configuration: a missing API key, an unreadable config file or setting, or no recording in the --replay folder."
        case .hangUp: "Stopped by SIGHUP (the terminal went away). Nothing was printed; no temporary file is left."
        case .interrupted: "Interrupted (Ctrl-C). Nothing was printed; no temporary file is left."
        case .terminated: "Stopped by SIGTERM. Nothing was printed; no temporary file is left."
        }
    }

    /// The one place errors become exit codes.
    init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as RangeFailure:
            self = error.worstExitCode
        case let error as RangeAbandoned:
            self = ExitCode(for: error.error)
        case let error as ConfigurationError:
            self = error.isInternal ? .internalError : .configuration
        case let error as BoxOfficeError:
            self = Self.code(for: error)
        case is FileWriteError:
            self = .cannotCreateOutput
        default:
            self = .internalError
        }
    }

    private static func code(for error: BoxOfficeError) -> ExitCode {
        switch error {
        case .missingAPIKey: .configuration
        case .keyRejected: .keyRejected
        case .quotaExceeded, .rateLimited, .timedOut, .noChartData, .downloadTimedOut, .dailyLimitReached, .quotaInsufficient: .tryLater
        case .serviceFault, .httpStatus, .unreachable, .downloadFailed, .redirectRefused: .unavailable
        case .malformedResponse, .notAnImage, .responseTooLarge, .imageTooLarge, .answerMismatch: .malformedResponse
        case .notFound: .notFound
        case .noRecording: .configuration
        }
    }
}

/// A problem with the local set-up rather than with a service.
struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    let description: String
    /// A local write that failed (exit 70) rather than a setting to fix (exit 78).
    var isInternal = false
}

/// The one line a person reads for an error; never a URL, a body or a stack trace.
enum ErrorText {
    static func message(for error: any Error) -> String {
        switch error {
        case let error as UsageError: error.message
        case let error as BoxOfficeError: error.description
        case let error as ConfigurationError: error.description
        case let error as RangeFailure: error.description
        case let error as RangeAbandoned: error.description
        case let error as CacheError: error.description
        case let error as FileWriteError: error.description
        default: "Internal error (\(type(of: error))). Please report it."
        }
    }
}
