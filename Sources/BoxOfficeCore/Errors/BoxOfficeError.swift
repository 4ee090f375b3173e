#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What can go wrong between a request and a model. Each case carries what an app needs to act
/// on it (the service, the limit, what was not found); `description` is one sentence a person can
/// read, free of any command or setting of the `boxoffice` tool.
public enum BoxOfficeError: ReportableError, Equatable, CustomStringConvertible, LocalizedError {
    /// No key was configured for the service.
    case missingAPIKey(APIService)
    /// The service rejected the key.
    case keyRejected(APIService, code: String?, message: String)
    /// The key's daily quota is used up.
    case quotaExceeded(APIService, message: String)
    /// By the ledger's count today's calls are used up; nothing was sent.
    case dailyLimitReached(APIService, limit: Int)
    /// A run needs more calls than are left today; nothing was sent.
    case quotaInsufficient(APIService, needed: Int, left: Int)
    /// The ledger that counts calls cannot be read or written, so a call could not be counted
    /// and was not sent.
    case quotaLedgerUnavailable(path: String, reason: String)
    /// Another process held the ledger's lock for longer than the wait allowed (`holder`: who,
    /// when its lock file names a running process), so a call could not be counted and was not sent.
    case quotaLedgerLocked(path: String, holder: QuotaLedger.LockHolder?, seconds: Double)
    /// The service asked us to slow down (HTTP 429 and the like).
    case rateLimited(APIService, message: String?)
    /// KOBIS answered with a `faultInfo` that is not about the key or the quota.
    case serviceFault(APIService, code: String, message: String)
    /// The service answered with an HTTP status that is neither success nor a known error.
    case httpStatus(APIService, status: Int, message: String?)
    /// The service answered with a server error (5xx, 408) to every attempt.
    case serverError(APIService, status: Int, attempts: Int)
    /// The body was not what the endpoint documents.
    case malformedResponse(APIService, expected: String, detail: String)
    /// The chart exists in the API but holds no movies yet (today, the future, or no screenings).
    case noChartData(String)
    /// The thing asked for does not exist.
    case notFound(NotFoundItem)
    /// The attempt took longer than the timeout.
    case timedOut(APIService, seconds: Double)
    /// The service could not be reached at all.
    case unreachable(APIService, host: String, reason: String)
    /// A downloaded file was not an image.
    case notAnImage(String)
    /// An image host could not be reached or did not deliver.
    case downloadFailed(host: String, reason: String)
    /// An API answer grew past the bound for API answers.
    case responseTooLarge(APIService, limit: Int)
    /// An image host did not deliver within the timeout.
    case downloadTimedOut(host: String, seconds: Double)
    /// An image grew past the bound for images.
    case imageTooLarge(host: String, limit: Int)
    /// The answer is for another question than the one asked (another day, week or movie).
    case answerMismatch(APIService, asked: String, answered: String)
    /// The service redirected somewhere its key must not follow.
    case redirectRefused(APIService, RedirectRefusal)
    /// A name that is not in its common-code group; `known` lists the group's names.
    case unknownCodeName(String, group: CodeGroup, known: [String])
    /// A range of days or weeks that `RangeRules` refuses: reversed, too long, holding nothing
    /// that has ended, or ending before the movie opened. Nothing was requested.
    case invalidRange(RangeProblem)

    /// One line a person can act on; API-provided text is stripped of terminal controls.
    public var description: String {
        switch self {
        case .missingAPIKey(let service):
            return "No \(service.displayName) API key was given; get one at \(service.keyHome)."
        case .keyRejected(let service, let code, let message):
            let codeText = code.map { " (error \(clean($0)))" } ?? ""
            return "\(service.displayName) rejected the API key\(codeText): \(clean(message))."
        case .quotaExceeded(let service, let message):
            return "\(service.displayName) daily call limit reached: \(clean(message)). Try again tomorrow (Seoul time)."
        case .dailyLimitReached(let service, let limit):
            return
                "All \(NumberText.grouped(Int64(limit))) of today's \(service.displayName) calls are used by boxoffice's count (Seoul day), so no request was sent."
        case .quotaInsufficient(let service, let needed, let left):
            return
                "This needs \(NumberText.grouped(Int64(needed))) \(service.displayName) calls but only \(NumberText.grouped(Int64(left))) of today's \(NumberText.grouped(Int64(service.dailyQuota))) are left (Seoul day), so none was sent."
        case .quotaLedgerUnavailable(let path, let reason):
            return
                "The call count in \(clean(path)) cannot be updated (\(clean(reason))), so no request was sent: an uncounted call could pass the daily limit."
        case .quotaLedgerLocked(let path, let holder, let seconds):
            return
                "The call count in \(clean(path)) stayed locked by \(holder.map { clean($0.description) } ?? "another process") for \(Self.format(seconds)) s, so no request was sent: an uncounted call could pass the daily limit."
        case .rateLimited(let service, let message):
            let detail = message.map { ": \(clean($0))" } ?? ""
            return "\(service.displayName) is throttling requests\(detail). Try again later."
        case .serviceFault(let service, let code, let message):
            return "\(service.displayName) returned error \(clean(code)): \(clean(message))."
        case .httpStatus(let service, let status, let message):
            let detail = message.map { ": \(clean($0))" } ?? ""
            return "\(service.displayName) answered HTTP \(status)\(detail)."
        case .serverError(let service, let status, let attempts):
            let tries = attempts == 1 ? "the one attempt" : "all \(attempts) attempts"
            return "\(service.displayName) answered HTTP \(status), a server error, to \(tries); it may be down or busy. Try again later."
        case .malformedResponse(let service, let expected, let detail):
            return "\(service.displayName) sent a response that is not \(expected): \(clean(detail))."
        case .noChartData(let what):
            return "No box-office data for \(what) yet. KOBIS publishes a day's figures the next morning; try again later."
        case .notFound(let item):
            return clean(item.description) + "."
        case .timedOut(let service, let seconds):
            return "\(service.displayName) did not answer within \(Self.format(seconds)) s."
        case .unreachable(let service, let host, let reason):
            return "Cannot reach \(service.displayName) at \(clean(host)): \(clean(reason))."
        case .notAnImage(let what):
            return "The download from \(clean(what)) is not an image."
        case .downloadFailed(let host, let reason):
            return "Cannot download the image from \(clean(host)): \(clean(reason))."
        case .responseTooLarge(let service, let limit):
            return "\(service.displayName) sent an answer larger than \(Self.mebibytes(limit)), the limit for API answers."
        case .downloadTimedOut(let host, let seconds):
            return "The image from \(clean(host)) did not arrive within \(Self.format(seconds)) s."
        case .imageTooLarge(let host, let limit):
            return "The image from \(clean(host)) is larger than \(Self.mebibytes(limit)), the limit for images."
        case .answerMismatch(let service, let asked, let answered):
            return "\(service.displayName) answered another question: asked for \(asked), it sent \(clean(answered)). Nothing was printed or cached."
        case .unknownCodeName(let name, let group, let known):
            return "'\(clean(name))' is not a name in the \(group.rawValue) codes; use a code or one of: \(known.map(clean).joined(separator: ", "))."
        case .invalidRange(let problem):
            return problem.description
        case .redirectRefused(let service, let refusal):
            return
                "\(service.displayName) redirected the request \(clean(refusal.description)), which is not followed: API keys never leave their own service."
        }
    }

    /// The one line, as `description`.
    public var message: String { description }

    /// The one line, for `localizedDescription` where Foundation has it.
    public var errorDescription: String? { description }

    /// Outside text made safe for a terminal, without the closing period our own sentence adds.
    private func clean(_ text: String) -> String {
        var text = Substring(TerminalText.sanitize(text).trimmed)
        while text.last == "." || text.last == "。" { text.removeLast() }
        return String(text)
    }

    /// `8 MiB`.
    static func mebibytes(_ bytes: Int) -> String {
        "\(bytes / (1024 * 1024)) MiB"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// What an app asked for that does not exist.
public enum NotFoundItem: Sendable, Hashable, CustomStringConvertible {
    /// No movie has this KOBIS code.
    case movie(code: String)
    /// No person has this KOBIS code.
    case person(code: String)
    /// No company has this KOBIS code.
    case company(code: String)
    /// Kakao found no poster image for the movie.
    case poster(movieCode: String, title: String)

    /// `No movie has the code 20124079`.
    public var description: String {
        switch self {
        case .movie(let code): "No movie has the code \(code)"
        case .person(let code): "No person has the code \(code)"
        case .company(let code): "No company has the code \(code)"
        case .poster(let code, let title): "Kakao found no poster image for \(title) (\(code))"
        }
    }
}
