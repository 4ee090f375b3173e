/// The tool's documented exit codes (sysexits.h where one fits): `help exit-codes` prints this
/// table, and the README's is checked against it. `ErrorText.exitCode(for:)` gives each error its code.
enum ExitCode: Int32, CaseIterable, Sendable {
    /// Exit 0.
    case success = 0
    /// Exit 1.
    case notFound = 1
    /// Exit 23, as rsync's partial transfer.
    case partial = 23
    /// Exit 64.
    case usage = 64
    /// Exit 65.
    case malformedResponse = 65
    /// Exit 69.
    case unavailable = 69
    /// Exit 70.
    case internalError = 70
    /// Exit 73.
    case cannotCreateOutput = 73
    /// Exit 75.
    case tryLater = 75
    /// Exit 77.
    case keyRejected = 77
    /// Exit 78.
    case configuration = 78
    /// Exit 129.
    case hangUp = 129
    /// Exit 130.
    case interrupted = 130
    /// Exit 143.
    case terminated = 143

    /// What the code means, word for word as `help exit-codes` and the README's table say it.
    var meaning: String {
        switch self {
        case .success: "Success."
        case .notFound: "Not found: an unknown movie, person or company code, no poster image, or no archive yet to ask."
        case .partial:
            "Partial result (--keep-going): the charts of a range that arrived were printed; those that did not are named on stderr and marked in JSON."
        case .usage:
            "Usage error: a bad command, option, value, date or range. Nothing was requested (but the movie's details, for a trend whose --to is before the opening). Also an archive query that is refused (it writes, attaches or loads an extension) or cannot run (a syntax error, or past its 2 s)."
        case .malformedResponse:
            "Malformed response: HTML, invalid JSON or fields the API does not document, a chart of more than 10 movies or a figure past 2^53, an answer that is not valid HTTP (headers past 64 KiB included) or whose compression cannot be decoded, an answer to another question, a body past its size limit (8 MiB for API answers, 20 MiB for images), or a poster download that is not an image."
        case .unavailable:
            "Service unavailable: connection refused, unknown host, HTTP 5xx, a redirect to another origin or to plain http (or more than ten within one), another API error, no libcurl to make requests with, or no SQLite for the archive."
        case .internalError: "Internal error: a bug in boxoffice, or standard output that could not be written."
        case .cannotCreateOutput:
            "Cannot create output: a --download or -o/--output target that is not a regular file, is read-only, has a name too long to be written safely, or whose folder is missing or not writable; a --record folder that cannot be created or written; a $TMPDIR too full to hold a long range until it is printed; or a quota ledger that cannot be used: not a regular file, not writable, or locked by another process for longer than --timeout (nothing was sent); or an archive that is not an SQLite database, of a newer schema, read-only, on a full disk or locked (it is left as it was)."
        case .tryLater:
            "Try later: a timeout, HTTP 429, the daily call limit (the service's or boxoffice's count), a range that needs more calls than are left today, a chart with no data yet, an archive sync that spent its budget (run it again to go on), or with --strict a period the archive lacks days of."
        case .keyRejected: "The service rejected the API key."
        case .configuration:
            "Configuration: a missing API key, an unreadable or malformed config file (naming the line) or setting, or no recording in the --replay folder."
        case .hangUp: "Stopped by SIGHUP (the terminal went away). Nothing was printed; no temporary file is left."
        case .interrupted: "Interrupted (Ctrl-C). Nothing was printed; no temporary file is left."
        case .terminated: "Stopped by SIGTERM. Nothing was printed; no temporary file is left."
        }
    }
}

extension ExitCode {
    /// Which code a run of several failures ends with: the lowest number wins. A rejected key or
    /// a bad set-up matters more than a slow server. A switch, so a new code cannot be left out.
    var severity: Int {
        switch self {
        case .keyRejected: 0
        case .configuration: 1
        case .usage: 2
        case .internalError: 3
        case .cannotCreateOutput: 4
        case .malformedResponse: 5
        case .unavailable: 6
        case .tryLater: 7
        case .notFound: 8
        case .partial: 9
        case .interrupted, .terminated, .hangUp: 10
        case .success: 11
        }
    }
}
