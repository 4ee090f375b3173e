#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What can go wrong between a request and a model, each with what a person can do and its exit code.
public enum BoxOfficeError: ReportableError, Equatable, CustomStringConvertible {
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
    /// The thing asked for does not exist; the sentence says what and where to look.
    case notFound(String)
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

    /// One line a person can act on; API-provided text is stripped of terminal controls.
    public var description: String {
        switch self {
        case .missingAPIKey(let service):
            return "No \(service.displayName) API key. Set \(service.keyVariable) to your key from \(service.keyHome), or store it with 'boxoffice config set \(service.rawValue)'."
        case .keyRejected(let service, let code, let message):
            let codeText = code.map { " (error \(clean($0)))" } ?? ""
            return "\(service.displayName) rejected the API key\(codeText): \(clean(message)). Set \(service.keyVariable) to a valid key from \(service.keyHome)."
        case .quotaExceeded(let service, let message):
            return "\(service.displayName) daily call limit reached: \(clean(message)). Try again tomorrow (Seoul time)."
        case .dailyLimitReached(let service, let limit):
            return "All \(NumberText.grouped(Int64(limit))) of today's \(service.displayName) calls are used by boxoffice's count (Seoul day), so no request was sent. Try again tomorrow, or pass --ignore-quota if the key has calls the count does not know of."
        case .quotaInsufficient(let service, let needed, let left):
            return "This run needs \(NumberText.grouped(Int64(needed))) \(service.displayName) calls but only \(NumberText.grouped(Int64(left))) of today's \(NumberText.grouped(Int64(service.dailyQuota))) are left (Seoul day), so none was sent. Shorten the range, try again tomorrow, or pass --ignore-quota."
        case .quotaLedgerUnavailable(let path, let reason):
            return "The call count in \(clean(path)) cannot be updated (\(clean(reason))), so no request was sent: an uncounted call could pass the daily limit. Make the file and its folder writable, or pass --ignore-quota."
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
        case .notFound(let sentence):
            return clean(sentence) + "."
        case .timedOut(let service, let seconds):
            return "\(service.displayName) did not answer within \(Self.format(seconds)) s. Try again later or raise --timeout."
        case .unreachable(let service, let host, let reason):
            return "Cannot reach \(service.displayName) at \(clean(host)): \(clean(reason))."
        case .notAnImage(let what):
            return "The download from \(clean(what)) is not an image."
        case .downloadFailed(let host, let reason):
            return "Cannot download the image from \(clean(host)): \(clean(reason))."
        case .responseTooLarge(let service, let limit):
            return "\(service.displayName) sent an answer larger than \(Self.mebibytes(limit)), the limit for API answers."
        case .downloadTimedOut(let host, let seconds):
            return "The image from \(clean(host)) did not arrive within \(Self.format(seconds)) s. Try again later or raise --timeout."
        case .imageTooLarge(let host, let limit):
            return "The image from \(clean(host)) is larger than \(Self.mebibytes(limit)), the limit for images."
        case .answerMismatch(let service, let asked, let answered):
            return "\(service.displayName) answered another question: asked for \(asked), it sent \(clean(answered)). Nothing was printed or cached."
        case .redirectRefused(let service, let refusal):
            return "\(service.displayName) redirected the request \(clean(refusal.description)), which is not followed: API keys never leave their own service."
        }
    }

    /// The one line, as `description`.
    public var message: String { description }

    /// The documented exit code of each case.
    public var exitCode: ExitCode {
        switch self {
        case .missingAPIKey: .configuration
        case .keyRejected: .keyRejected
        case .quotaExceeded, .rateLimited, .timedOut, .noChartData, .downloadTimedOut, .dailyLimitReached, .quotaInsufficient: .tryLater
        case .serviceFault, .httpStatus, .serverError, .unreachable, .downloadFailed, .redirectRefused: .unavailable
        case .malformedResponse, .notAnImage, .responseTooLarge, .imageTooLarge, .answerMismatch: .malformedResponse
        case .quotaLedgerUnavailable: .cannotCreateOutput
        case .notFound: .notFound
        }
    }

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
