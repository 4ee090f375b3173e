import BoxOfficeArchive
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every command runs with: the process's context, its paths and quota ledger, and the
/// clients and transports made from them (the composition root). It runs a command and returns
/// what belongs on stdout; errors are thrown, never printed here.
package struct CommandState: Sendable {
    package init(context: ProcessContext, quota: QuotaLedger, paths: Paths, keys: KeyRing, network: Network) {
        self.context = context
        self.quota = quota
        self.paths = paths
        self.keys = keys
        self.network = network
    }

    package var context: ProcessContext
    /// Where every call is counted before it is sent.
    package let quota: QuotaLedger
    package let paths: Paths
    /// The run's keys, read once, and the one redactor everything it lets out goes through.
    package let keys: KeyRing
    /// The transport every request goes through.
    package let network: Network
    /// Who asked, and so how messages name options and commands: a shell, or a model calling a tool.
    package var caller = Caller.shell
    /// The language of `boxoffice mcp`'s tool errors: English unless its --lang says otherwise.
    package var toolLanguage = Language.en
    /// Where a range's progress goes instead of stderr: `boxoffice mcp`'s progress notifications.
    package var progressNotifier: (@Sendable (_ done: Int, _ total: Int) async -> Void)? = nil

    /// The progress of a range, wherever it is wanted: the notifier, else a line on stderr at a
    /// terminal, else nowhere.
    func progressLine(total: Int, unit: String) -> ProgressLine? {
        if let progressNotifier { return ProgressLine(total: total, unit: unit, output: .notify(progressNotifier)) }
        return context.stderrIsTerminal && !context.isQuiet ? ProgressLine(total: total, unit: unit, output: .terminal(context.standardError)) : nil
    }

    /// What belongs on stdout. A partial result is thrown with its output as the command gave it.
    package func run(_ command: any RunnableCommand) async throws -> Data {
        write(try await command.run(in: self))
    }

    /// The output as stdout takes it: data in the format asked, text scrubbed of the keys once more,
    /// bytes (an image) as they came. Bodies are redacted as they arrive; this sees the text after
    /// every change the writers made (controls and sequences removed, fields joined), as the reader will.
    package func write(_ output: CommandOutput) -> Data {
        let text: String
        switch output {
        case .data(let data, let layout):
            text = DocumentWriter.write(data, format: layout.format, style: style(layout.color), envelope: layout.envelope, fields: layout.fields)
        case .text(let words):
            text = words
        case .bytes(let bytes):
            return bytes
        }
        return keys.redactor.redact(Data(utf8: text))
    }

    /// Writes what a streaming command prints into `output` as it is made, scrubbed of the keys
    /// as `run` scrubs it, and finishes it; with `--keep-going`, what arrived is finished too.
    package func stream(_ command: any StreamingCommand, to output: OutputSpool) async throws {
        output.scrub(with: keys.redactor)
        do {
            try await command.stream(in: self, to: output)
        } catch let partial as PartialResult {
            try output.finish()
            throw partial
        }
        try output.finish()
    }

    /// The same client taking the settled days `archive` holds from it first.
    func makeClient(_ options: NetworkOptions, needs services: Set<APIService>, servedBy archive: BoxOfficeArchive?) throws -> BoxOfficeClient {
        let client = try makeClient(options, needs: services)
        return archive.map { $0.serving(client) } ?? client
    }

    /// A client wired to the network (or a replay folder), the cache and the quota ledger.
    func makeClient(_ options: NetworkOptions, needs services: Set<APIService>) throws -> BoxOfficeClient {
        let isReplay = options.replayDirectory != nil
        let keys = try self.keys.keys()
        if !isReplay {
            for service in APIService.allCases where services.contains(service) && keys[service]?.value == nil {
                throw BoxOfficeError.missingAPIKey(service)
            }
        }
        let kobisBaseURL = try baseURL(APIService.kobis.urlVariable, default: ClientConfiguration.defaultKOBISBaseURL)
        let kakaoBaseURL = try baseURL(APIService.kakao.urlVariable, default: ClientConfiguration.defaultKakaoBaseURL)
        // A key bound for a plain-http root off this machine can be read by anyone on the way.
        let keysInClear =
            isReplay
            ? [:]
            : [APIService.kobis: kobisBaseURL, .kakao: kakaoBaseURL].filter { service, url in
                keys[service]?.value != nil && url.scheme?.lowercased() == "http" && !Self.isLoopback(url.host ?? "")
            }
        let configuration = ClientConfiguration(
            kobisKey: keys[.kobis]?.value, kakaoKey: keys[.kakao]?.value,
            kobisBaseURL: kobisBaseURL, kakaoBaseURL: kakaoBaseURL, userAgent: Self.userAgent,
            requiresKeys: !isReplay, timeout: options.timeout, retryPolicy: RetryPolicy(retries: options.retries))
        var middlewares: [any LoaderMiddleware] = []
        if let replay = options.replayDirectory {
            guard Paths.isFolder(replay) else {
                throw ConfigurationError(
                    description: bilingual(
                        "The replay folder \(replay) does not exist.", "재생 폴더 \(replay, particle: .subject) 없습니다."))
            }
            middlewares.append(Replayer(directory: URL(fileURLWithPath: replay, isDirectory: true)))
        } else if let record = options.recordDirectory {
            middlewares.append(
                Recorder(
                    directory: URL(fileURLWithPath: record, isDirectory: true),
                    redactor: self.keys.redactor))
        }
        let context = self.context
        let verbose = options.isVerbose
        let warnings = Warnings()
        // A call that passes the cache by will send: the transport's set-up starts now, beside the
        // ledger and the rest (the command line has started it already, after its parse);
        // otherwise it starts once the cache has missed. The signal handlers' thread is made
        // first: while libcurl loads, the loader's lock holds up every new thread.
        let network = self.network
        if options.sendsWhateverTheCache {
            Signals.arm()
            network.prepare()
        }
        let ledgerPath = paths.quotaFile.path
        var client = BoxOfficeClient(
            configuration: configuration, loader: transport(.api, timeout: options.timeout), middlewares: middlewares,
            cache: isReplay ? nil : ResponseCache(directory: paths.responses),
            cacheMode: options.cacheMode,
            quota: isReplay ? nil : quota, enforcesQuota: !options.ignoresQuota,
            now: context.clock,
            onEvent: { event in
                Self.handle(event, warnings: warnings, ledgerPath: ledgerPath, keysInClear: keysInClear, context: context, verbose: verbose)
                if case .requestSent = event, !isReplay { network.prepare() }
            }, redactor: self.keys.redactor)
        // The main thread is the run's only caller: reading an answer there starts no thread.
        client.decodesOnTheCallersExecutor = true
        return client
    }

    /// The archive at `path` (`--archive`), else the default; made with its folder when it is
    /// to be written. Reading one that is not there yet is refused, naming the command that fills it.
    func openArchive(_ path: String?, readOnly: Bool) throws -> BoxOfficeArchive {
        let file = path.map { URL(fileURLWithPath: $0, isDirectory: false) } ?? paths.archiveFile
        if readOnly {
            guard FileManager.default.fileExists(atPath: file.path) else { throw ArchiveMissing(path: file.path) }
        } else {
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return try BoxOfficeArchive(path: file.path, readOnly: readOnly)
    }

    /// The default archive for a report or a trend to take settled days from, when there is one
    /// and the run asks the services (not a replay, a recording, --no-cache or --refresh). One it
    /// cannot open is passed over, said once: the run goes to the cache and the network instead.
    func archiveToRead(_ options: NetworkOptions) -> BoxOfficeArchive? {
        guard options.replayDirectory == nil, options.recordDirectory == nil, options.cacheMode == .normal,
            FileManager.default.fileExists(atPath: paths.archiveFile.path)
        else { return nil }
        do {
            return try BoxOfficeArchive(path: paths.archiveFile.path, readOnly: true)
        } catch {
            let reason = ErrorText.message(for: error, caller: caller)
            context.warn(bilingual("the archive is passed over: \(reason)", "아카이브를 쓰지 않고 넘어갑니다: \(reason)"))
            return nil
        }
    }

    /// What today's quota leaves of KOBIS's calls by the ledger's count, less `reserve`; no limit
    /// for a replay, which sends nothing, or past the ledger's count (--ignore-quota).
    func callsLeft(reserving reserve: Int, unlimited: Bool) throws -> Int {
        guard !unlimited else { return Int.max }
        let used = quota.counts(on: context.today)[.kobis] ?? 0
        return max(0, APIService.kobis.dailyQuota - used - reserve)
    }

    /// What the tool's requests say they come from: the tool, not the library an app uses.
    static let userAgent = "boxoffice/\(BoxOfficeClient.version)"

    /// `localhost`, 127.0.0.0/8 or `::1`: a key sent there in clear never leaves the machine.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    private static func handle(
        _ event: ClientEvent, warnings: Warnings, ledgerPath: String, keysInClear: [APIService: URL], context: ProcessContext, verbose: Bool
    ) {
        switch event {
        case .requestSent(let service):
            // Whatever the transport: the ledger and cache writes after it must not be cut short.
            Signals.arm()
            if let url = keysInClear[service], warnings.firstTime("http-" + service.rawValue) {
                context.warn(
                    bilingual(
                        "\(service.urlVariable) is plain http, so the \(service.displayName) key goes to \(url.host ?? "?") unencrypted; use https.",
                        "\(service.urlVariable, particle: .subject) 암호화되지 않은 http라서 \(service.koreanName) 키가 \(url.host ?? "?")로 그대로 전송됩니다. https를 쓰세요."
                    ))
            }
        case .callCounted(let service, let count, let ledgerWasUnreadable):
            if ledgerWasUnreadable, warnings.firstTime("ledger") {
                context.warn(
                    bilingual(
                        "the quota ledger \(ledgerPath) was unreadable; today's count starts again from this run.",
                        "호출 장부 \(ledgerPath, particle: .object) 읽을 수 없어 오늘의 호출 수를 이번 실행부터 다시 셉니다."))
            }
            if Double(count) >= Double(service.dailyQuota) * QuotaLedger.warningShare, warnings.firstTime(service.rawValue) {
                let used = NumberText.grouped(Int64(count))
                let limit = NumberText.grouped(Int64(service.dailyQuota))
                context.warn(
                    bilingual(
                        "\(used) of \(limit) daily \(service.displayName) calls used today (Seoul).",
                        "오늘(한국 날짜) \(service.koreanName) 일일 호출 \(limit)회 가운데 \(used)회를 썼습니다."))
            }
            if verbose {
                context.log(
                    bilingual("boxoffice: \(service.displayName) request (\(count) today)", "boxoffice: \(service.koreanName) 요청(오늘 \(count)회째)"))
            }
        case .waitingForLedger(let holder):
            if warnings.firstTime("ledger-lock") {
                let who = holder.map { TerminalText.sanitize("\($0)") }
                context.log(
                    bilingual(
                        "Waiting for the quota ledger, locked by \(who ?? "another process")…", "호출 장부를 \(who ?? "다른 프로세스")가 잠그고 있어 기다리는 중…"))
            }
        case .ledgerFailed(let reason):
            if verbose {
                let reason = TerminalText.sanitize(reason)
                context.log(
                    bilingual(
                        "boxoffice: could not count the call in \(reason) (--ignore-quota)", "boxoffice: \(reason)에 호출을 세지 못했습니다(--ignore-quota)"))
            }
        case .cacheHit(let name):
            if verbose { context.log(bilingual("boxoffice: cache hit \(name)", "boxoffice: 캐시 적중 \(name)")) }
        case .retrying(let service, let attempt, let reason, let delay):
            if verbose {
                let seconds = NumberText.oneDecimal(delay)
                context.log(
                    bilingual(
                        "boxoffice: \(service.displayName) \(reason); attempt \(attempt) in \(seconds) s",
                        "boxoffice: \(service.koreanName) \(reason). \(seconds)초 뒤 \(attempt)번째 시도"))
            }
        case .cacheEntryUnusable(let name, let reason):
            if verbose {
                let reason = TerminalText.sanitize(reason)
                context.log(
                    bilingual("boxoffice: ignoring cache entry \(name): \(reason)", "boxoffice: 캐시 항목 \(name, particle: .object) 건너뜁니다: \(reason)"))
            }
        case .cacheWriteFailed(let name, let reason):
            if verbose {
                let reason = TerminalText.sanitize(reason)
                context.log(bilingual("boxoffice: could not cache \(name): \(reason)", "boxoffice: \(name, particle: .object) 캐시하지 못했습니다: \(reason)"))
            }
        }
    }

    private func baseURL(_ variable: String, default fallback: URL) throws -> URL {
        guard let text = context.variable(variable) else { return fallback }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationError(
                description: bilingual(
                    "\(variable) must be an http or https URL, not '\(TerminalText.sanitize(text))'.",
                    "\(variable, particle: .topic) http 또는 https URL이어야 합니다('\(TerminalText.sanitize(text))'는 쓸 수 없습니다)."))
        }
        return url
    }

    func style(_ options: NetworkOptions) -> RenderStyle {
        style(options.color)
    }

    func style(_ color: ColorChoice) -> RenderStyle {
        RenderStyle(usesColor: usesColor(color), terminalWidth: context.terminalWidth)
    }

    /// `--color`, then NO_COLOR, CLICOLOR_FORCE, TERM=dumb and CLICOLOR, then whether stdout is a terminal.
    func usesColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = context.variable("NO_COLOR"), !noColor.isEmpty { return false }
            if let force = context.variable("CLICOLOR_FORCE"), !force.isEmpty, force != "0" { return true }
            if context.variable("TERM") == "dumb" || context.variable("CLICOLOR") == "0" { return false }
            return context.stdoutIsTerminal
        }
    }
}

package extension APIService {
    /// The variable that moves the service's root, for tests and other servers.
    var urlVariable: String {
        switch self {
        case .kobis: "BOXOFFICE_KOBIS_URL"
        case .kakao: "BOXOFFICE_KAKAO_URL"
        }
    }
}
