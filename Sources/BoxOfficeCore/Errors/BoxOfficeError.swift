#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What can go wrong between a request and a model. Each case carries what an app needs to act
/// on it (the service, the limit, what was not found); `description` is one sentence a person can
/// read, in the terms of the library and the services, never of an application built on them.
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
    case quotaLedgerUnavailable(path: String, reason: Words)
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
    case malformedResponse(APIService, expected: Words, detail: Words)
    /// The chart exists in the API but holds no movies yet (today, the future, or no screenings).
    case noChartData(String)
    /// The thing asked for does not exist.
    case notFound(NotFoundItem)
    /// The attempt took longer than the timeout.
    case timedOut(APIService, seconds: Double)
    /// The service could not be reached at all.
    case unreachable(APIService, host: String, reason: Words)
    /// A downloaded file was not an image.
    case notAnImage(String)
    /// An image host could not be reached or did not deliver.
    case downloadFailed(host: String, reason: Words)
    /// An API answer grew past the bound for API answers.
    case responseTooLarge(APIService, limit: Int)
    /// An image host did not deliver within the timeout.
    case downloadTimedOut(host: String, seconds: Double)
    /// An image grew past the bound for images.
    case imageTooLarge(host: String, limit: Int)
    /// The answer is for another question than the one asked (another day, week or movie).
    case answerMismatch(APIService, asked: Words, answered: Words)
    /// The service redirected somewhere its key must not follow.
    case redirectRefused(APIService, RedirectRefusal)
    /// A name that is not in its common-code group; `known` lists the group's names.
    case unknownCodeName(String, group: CodeGroup, known: [String])
    /// A range of days or weeks that `RangeRules` refuses: reversed, too long, holding nothing
    /// that has ended, or ending before the movie opened. Nothing was requested.
    case invalidRange(RangeProblem)
    /// Charts of a range failed, so the range was not returned; `RangeFailure` names each.
    case rangeFailed(RangeFailure)
    /// A range stopped early: its first requests all failed the same passing way.
    case rangeAbandoned(RangeAbandoned)
    /// A transport of the app's own threw an error of its own (its text scrubbed of the keys).
    case transportFailed(APIService, reason: String)
    /// The box office archive (`BoxOfficeArchive`) could not be opened, read or written, or
    /// refused what it was given.
    case archive(ArchiveError)

    /// One line a person can act on, in the app's language (Korean or English, as
    /// `Language.ofThisApp` finds it); API-provided text is stripped of terminal controls.
    public var description: String {
        Language.$current.withValue(Language.ofThisApp) { sentence }
    }

    /// The one line in the language of the words being written (`Language.current`): what an app
    /// can show its user.
    public var message: String { sentence }

    /// The one line in the language of `locale`: Korean for a Korean locale (`ko`, `ko_KR`),
    /// English for any other. For a server that answers each request in its client's language.
    public func localized(for locale: Locale) -> String {
        Language.$current.withValue(Language.of(locale: locale.identifier) ?? .en) { sentence }
    }

    /// The one line, for `localizedDescription` where Foundation has it.
    public var errorDescription: String? { description }

    private var sentence: String {
        switch self {
        case .missingAPIKey(let service):
            return bilingual(
                "No \(service.displayName) API key was given; get one at \(service.keyHome).",
                "\(service.koreanName) API 키가 없습니다. \(service.keyHome)에서 발급받으세요.")
        case .keyRejected(let service, let code, let message):
            let codeText = code.map { bilingual(" (error \(clean($0)))", "(오류 \(clean($0)))") } ?? ""
            return bilingual(
                "\(service.displayName) rejected the API key\(codeText): \(clean(message)).",
                "\(service.koreanName, particle: .subject) API 키를 거부했습니다\(codeText): \(clean(message)).")
        case .quotaExceeded(let service, let message):
            return bilingual(
                "\(service.displayName) daily call limit reached: \(clean(message)). Try again tomorrow (Seoul time).",
                "\(service.koreanName) 일일 호출 한도에 이르렀습니다: \(clean(message)). 내일(한국 시간) 다시 시도하세요.")
        case .dailyLimitReached(let service, let limit):
            return bilingual(
                "All \(NumberText.grouped(Int64(limit))) of today's \(service.displayName) calls are spent by the quota ledger's count (Seoul day), so no request was sent.",
                "호출 기록에 따르면 오늘(한국 날짜) \(service.koreanName) 호출 \(NumberText.grouped(Int64(limit)))회를 다 써서 요청을 보내지 않았습니다.")
        case .quotaInsufficient(let service, let needed, let left):
            return bilingual(
                "This needs \(NumberText.grouped(Int64(needed))) \(service.displayName) calls but only \(NumberText.grouped(Int64(left))) of today's \(NumberText.grouped(Int64(service.dailyQuota))) are left (Seoul day), so none was sent.",
                "\(service.koreanName) 호출이 \(NumberText.grouped(Int64(needed)))회 필요하지만 오늘(한국 날짜) \(NumberText.grouped(Int64(service.dailyQuota)))회 가운데 \(NumberText.grouped(Int64(left)))회만 남아 하나도 보내지 않았습니다."
            )
        case .quotaLedgerUnavailable(let path, let reason):
            return bilingual(
                "The call count in \(clean(path)) cannot be updated (\(clean(reason.english))), so no request was sent: an uncounted call could pass the daily limit.",
                "\(clean(path))의 호출 수를 갱신할 수 없어(\(clean(reason.korean))) 요청을 보내지 않았습니다. 세지 않은 호출은 일일 한도를 넘길 수 있습니다.")
        case .quotaLedgerLocked(let path, let holder, let seconds):
            let who = holder.map { clean($0.description) }
            return bilingual(
                "The call count in \(clean(path)) stayed locked by \(who ?? "another process") for \(Self.format(seconds)) s, so no request was sent: an uncounted call could pass the daily limit.",
                "\(clean(path))의 호출 수를 \(who ?? "다른 프로세스")가 \(Self.format(seconds))초 동안 잠가 두어 요청을 보내지 않았습니다. 세지 않은 호출은 일일 한도를 넘길 수 있습니다.")
        case .rateLimited(let service, let message):
            let detail = message.map { ": \(clean($0))" } ?? ""
            return bilingual(
                "\(service.displayName) is throttling requests\(detail). Try again later.",
                "\(service.koreanName, particle: .subject) 요청을 제한하고 있습니다\(detail). 잠시 뒤 다시 시도하세요.")
        case .serviceFault(let service, let code, let message):
            return bilingual(
                "\(service.displayName) returned error \(clean(code)): \(clean(message)).",
                "\(service.koreanName, particle: .subject) 오류 \(clean(code), particle: .object) 돌려주었습니다: \(clean(message)).")
        case .httpStatus(let service, let status, let message):
            let detail = message.map { ": \(clean($0))" } ?? ""
            return bilingual(
                "\(service.displayName) answered HTTP \(status)\(detail).",
                "\(service.koreanName, particle: .subject) HTTP \(status, particle: .direction) 답했습니다\(detail).")
        case .serverError(let service, let status, let attempts):
            return bilingual(
                "\(service.displayName) answered HTTP \(status), a server error, to \(attempts == 1 ? "the one attempt" : "all \(attempts) attempts"); it may be down or busy. Try again later.",
                "\(service.koreanName, particle: .subject) \(attempts == 1 ? "요청" : "\(attempts)번의 요청 모두")에 서버 오류 HTTP \(status, particle: .direction) 답했습니다. 서버가 멈췄거나 붐비는 듯합니다. 잠시 뒤 다시 시도하세요."
            )
        case .malformedResponse(let service, let expected, let detail):
            return bilingual(
                "\(service.displayName) sent a response that is not \(expected.english): \(clean(detail.english)).",
                "\(service.koreanName)의 응답이 \(expected.korean)이 아닙니다: \(clean(detail.korean)).")
        case .noChartData(let what):
            return bilingual(
                "No box-office data for \(what) yet. KOBIS publishes a day's figures the next morning; try again later.",
                "\(what)의 박스오피스 자료가 아직 없습니다. KOBIS는 하루 집계를 다음 날 아침에 냅니다. 나중에 다시 시도하세요.")
        case .notFound(let item):
            return clean(item.sentence) + "."
        case .timedOut(let service, let seconds):
            return bilingual(
                "\(service.displayName) did not answer within \(Self.format(seconds)) s.",
                "\(service.koreanName, particle: .subject) \(Self.format(seconds))초 안에 답하지 않았습니다.")
        case .unreachable(let service, let host, let reason):
            return bilingual(
                "Cannot reach \(service.displayName) at \(clean(host)): \(clean(reason.english)).",
                "\(clean(host))의 \(service.koreanName)에 연결할 수 없습니다: \(clean(reason.korean)).")
        case .notAnImage(let what):
            return bilingual("The download from \(clean(what)) is not an image.", "\(clean(what))에서 받은 것은 이미지가 아닙니다.")
        case .downloadFailed(let host, let reason):
            return bilingual(
                "Cannot download the image from \(clean(host)): \(clean(reason.english)).",
                "\(clean(host))에서 이미지를 받을 수 없습니다: \(clean(reason.korean)).")
        case .responseTooLarge(let service, let limit):
            return bilingual(
                "\(service.displayName) sent an answer larger than \(Self.mebibytes(limit)), the limit for API answers.",
                "\(service.koreanName)의 응답이 API 응답 한도인 \(Self.mebibytes(limit))보다 큽니다.")
        case .downloadTimedOut(let host, let seconds):
            return bilingual(
                "The image from \(clean(host)) did not arrive within \(Self.format(seconds)) s.",
                "\(clean(host))의 이미지가 \(Self.format(seconds))초 안에 오지 않았습니다.")
        case .imageTooLarge(let host, let limit):
            return bilingual(
                "The image from \(clean(host)) is larger than \(Self.mebibytes(limit)), the limit for images.",
                "\(clean(host))의 이미지가 이미지 한도인 \(Self.mebibytes(limit))보다 큽니다.")
        case .answerMismatch(let service, let asked, let answered):
            return bilingual(
                "\(service.displayName) answered another question: asked for \(asked.english), it sent \(clean(answered.english)). The answer was discarded.",
                "\(service.koreanName, particle: .subject) 다른 질문에 답했습니다. 물은 것: \(asked.korean), 받은 것: \(clean(answered.korean)). 그 답은 버렸습니다."
            )
        case .unknownCodeName(let name, let group, let known):
            let names = known.map(clean).joined(separator: ", ")
            return bilingual(
                "'\(clean(name))' is not a name in the \(group.rawValue) codes; use a code or one of: \(names).",
                "'\(clean(name))'은(는) \(group.rawValue) 코드의 이름이 아닙니다. 코드를 쓰거나 다음 가운데 하나를 쓰세요: \(names).")
        case .invalidRange(let problem):
            return problem.sentence
        case .rangeFailed(let failure):
            return failure.message
        case .rangeAbandoned(let abandoned):
            return abandoned.message
        case .archive(let error):
            return error.message
        case .transportFailed(let service, let reason):
            return bilingual(
                "The transport failed on a \(service.displayName) request: \(clean(reason)).",
                "\(service.koreanName) 요청에서 전송 계층이 실패했습니다: \(clean(reason)).")
        case .redirectRefused(let service, let refusal):
            return bilingual(
                "\(service.displayName) redirected the request \(clean(refusal.words.english)), which is not followed: API keys never leave their own service.",
                "\(service.koreanName, particle: .subject) 요청을 \(clean(refusal.words.korean)) 돌려보냈지만 따라가지 않았습니다. API 키는 자기 서비스 밖으로 나가지 않습니다.")
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

    /// `No movie has the code 20124079`, in the app's language.
    public var description: String {
        Language.$current.withValue(Language.ofThisApp) { sentence }
    }

    /// The same in the language of the words being written.
    var sentence: String {
        switch self {
        case .movie(let code): bilingual("No movie has the code \(code)", "영화 코드 \(code)인 영화가 없습니다")
        case .person(let code): bilingual("No person has the code \(code)", "영화인 코드 \(code)인 사람이 없습니다")
        case .company(let code): bilingual("No company has the code \(code)", "영화사 코드 \(code)인 회사가 없습니다")
        case .poster(let code, let title):
            bilingual("Kakao found no poster image for \(title) (\(code))", "카카오에서 \(title)(\(code))의 포스터 이미지를 찾지 못했습니다")
        }
    }
}
