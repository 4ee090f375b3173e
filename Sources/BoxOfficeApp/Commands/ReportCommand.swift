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

/// `boxoffice report`: the morning report of a day, for a mail body, a chat, a web page or a script.
package struct ReportCommand: RunnableCommand {
    let date: KSTDate
    let days: Int
    let withPosters: Bool
    let embedsPosters: Bool
    let network: NetworkOptions
    /// `--format email`: who it goes to and from, and its subject.
    let recipients: [MailAddress]
    let sender: MailAddress?
    let subject: String?
    /// `--mail-budget`: the most bytes a message with embedded posters may take.
    let mailBudget: Int

    /// From a message with room for little more than its text to more than any mail service accepts.
    static let mailBudgets = 100_000...100_000_000
    static let formats: [OutputFormat] = [.text, .markdown, .html, .email, .slack, .discord, .json]
    /// The formats that may carry embedded posters.
    static let embeddingFormats: [OutputFormat] = [.html, .email]

    static let spec = CommandSpec(
        name: "report",
        abstract: Words(
            "Write the morning report: the top 10 with moves, trends, new entries and milestones.", "아침 리포트를 씁니다: 10위권과 순위 증감, 추이, 신규 진입, 누적 관객 돌파."),
        discussion:
            Words(
                "Reads the daily charts of <date> and the days before it (days at least three days old come from the cache, so a daily cron costs three calls: <date> and the two days before it, which KOBIS may still revise) and the same weekday a week earlier.",
                "<date>와 그 앞 며칠, 그리고 1주 전 같은 요일의 일별 박스오피스를 읽습니다(사흘 이상 지난 날은 캐시에서 읽으므로 매일 도는 cron은 호출 3회가 듭니다. <date>와, KOBIS가 아직 고칠 수 있는 그 앞 이틀입니다)."),
        examples: [
            "boxoffice report", "boxoffice report --date 20230818 --format markdown",
            "boxoffice report --format html --posters --output boxoffice.html",
            "boxoffice report --format email --mail-to team@example.com --output mail.eml && sendmail -t < mail.eml",
            "boxoffice report --format slack --output post.json && curl -sS -d @post.json -H 'Content-Type: application/json' \"$WEBHOOK\"",
        ],
        options: [
            OptionSpec(name: .date, short: "d", kind: .date, help: Words("The day to report on.", "리포트할 날짜."), defaultValue: .value("yesterday")),
            OptionSpec(
                name: .days, kind: .integer(DailyReport.dayRange),
                help: Words(
                    "Days each trend covers, \(DailyReport.dayRange.lowerBound) to \(DailyReport.dayRange.upperBound).",
                    "추이에 담을 날수, \(DailyReport.dayRange.lowerBound)~\(DailyReport.dayRange.upperBound)."),
                defaultValue: .value(String(DailyReport.defaultDays))),
            SharedOptions.format(formats, default: .text),
            OptionSpec(
                name: .posters, help: Words("Add each movie's poster (needs KAKAO_REST_API_KEY).", "영화마다 포스터를 붙입니다(KAKAO_REST_API_KEY 필요)."),
                toolHelp: "Add each movie's poster URL (the server needs a Kakao key)."),
            OptionSpec(
                name: .embedPosters,
                help: Words(
                    "With --format html or email, download the posters into the page or message.",
                    "--format html 또는 email일 때 포스터를 내려받아 페이지나 메일에 넣습니다.")),
            OptionSpec(
                name: .mailTo, kind: .text, valueName: "address", repeats: true,
                help: Words("With --format email, a recipient; may repeat.", "--format email일 때 받는 사람(여러 번 줄 수 있음).")),
            OptionSpec(
                name: .mailFrom, kind: .text, valueName: "address", help: Words("With --format email, the sender.", "--format email일 때 보내는 사람.")),
            OptionSpec(
                name: .subject, kind: .text, valueName: "text",
                help: Words("With --format email, the subject (default: the report's heading).", "--format email일 때 제목(기본값: 리포트 제목).")),
            OptionSpec(
                name: .mailBudget, kind: .integer(mailBudgets), valueName: "bytes",
                help:
                    Words(
                        "With --format email --embed-posters, the most bytes the whole message may take, \(mailBudgets.lowerBound) to \(mailBudgets.upperBound); posters past it are linked.",
                        "--format email --embed-posters일 때 메일 전체의 최대 바이트 수, \(mailBudgets.lowerBound)~\(mailBudgets.upperBound). 넘는 포스터는 링크로 둡니다."),
                defaultValue: .value(String(MailMessage.defaultBudget))),
        ] + SharedOptions.network.filter { !$0.isNamed(.format) },
        outputSchema: ReportOutput.jsonSchema,
        tool: ToolDeclaration(
            name: "box_office_report", title: "Box-office report",
            description:
                "The morning report for a day: the top 10 with rank moves against the day before and the same weekday a week earlier, audience trends over the last days, new entries and milestones. Example: {\"date\": \"yesterday\", \"days\": 7}.",
            options: [.date, .days, .posters]),
        make: { reader throws(UsageError) in try ReportCommand(reader) })

    init(_ reader: OptionReader) throws(UsageError) {
        date = try reader.date(.date) ?? reader.today.adding(days: -1)
        days = try reader.integer(.days) ?? DailyReport.defaultDays
        network = try NetworkOptions(reader, defaultFormat: .text)
        embedsPosters = try reader.flag(.embedPosters)
        withPosters = try reader.flag(.posters) || embedsPosters
        guard !embedsPosters || Self.embeddingFormats.contains(network.format) else {
            throw reader.error(
                bilingual(
                    "--embed-posters is for --format html or email.", "--embed-posters는 --format html 또는 email에 씁니다."))
        }
        // A chat message shows no images: ten Kakao calls would change nothing in it.
        guard !withPosters || ![OutputFormat.slack, .discord].contains(network.format) else {
            throw reader.error(
                bilingual(
                    "--posters has no place in a \(network.format == .slack ? "Slack" : "Discord") message, which shows no images; leave it out.",
                    "\(network.format == .slack ? "Slack" : "Discord") 메시지에는 이미지가 나오지 않으니 --posters를 빼세요."))
        }
        let isMail = network.format == .email
        let recipients = try reader.texts(.mailTo)
        let sender = try reader.text(.mailFrom)
        subject = try reader.text(.subject)
        let budget = try reader.integer(.mailBudget)
        let given: [(OptionName, Bool)] = [(.mailTo, !recipients.isEmpty), (.mailFrom, sender != nil), (.subject, subject != nil)]
        for (name, isGiven) in given where !isMail && isGiven {
            throw reader.error(
                bilingual(
                    "--\(name.rawValue) is for --format email.", "--\(name.rawValue, particle: .topic) --format email에 씁니다."))
        }
        self.recipients = try recipients.map { text throws(UsageError) in try Self.address(text, option: .mailTo, reader) }
        self.sender = try sender.map { text throws(UsageError) in try Self.address(text, option: .mailFrom, reader) }
        guard !isMail || !self.recipients.isEmpty else {
            throw reader.error(
                bilingual(
                    "--format email needs at least one --mail-to address.", "--format email에는 --mail-to 주소가 하나 이상 있어야 합니다."))
        }
        guard budget == nil || (isMail && embedsPosters) else {
            throw reader.error(
                bilingual(
                    "--mail-budget is for --format email with --embed-posters.", "--mail-budget은 --format email과 --embed-posters를 함께 쓸 때 씁니다."))
        }
        mailBudget = budget ?? MailMessage.defaultBudget
    }

    /// One address, or a usage error that shows it without its control characters.
    private static func address(_ text: String, option: OptionName, _ reader: OptionReader) throws(UsageError) -> MailAddress {
        guard let address = MailAddress(text) else {
            let shown = TerminalText.sanitize(text)
            throw reader.error(
                bilingual(
                    "--\(option.rawValue) \"\(shown)\" is not one mail address such as name@example.com or 'Name <name@example.com>'.",
                    "메일 주소 하나가 아닙니다: --\(option.rawValue) \"\(shown)\". name@example.com이나 'Name <name@example.com>'처럼 쓰세요."))
        }
        return address
    }

    /// Without `--mail-from`, the user at this machine, as `mail` and cron's mails say it
    /// (RFC 5322 asks every message for a `From:`): `boxoffice <LOGNAME@hostname>`.
    static func defaultSender(_ context: ProcessContext) -> MailAddress? {
        let user = context.variable("LOGNAME") ?? context.variable("USER") ?? "boxoffice"
        var name = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count - 1) == 0 ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return MailAddress("boxoffice <\(user)@\(host.isEmpty ? "localhost" : host)>") ?? MailAddress("boxoffice <boxoffice@localhost>")
    }

    /// The year so far when the archive holds every day of it; otherwise nothing, said on stderr
    /// with the days it lacks and the sync that fills them, so that the line is never just gone.
    static func yearSoFar(through date: KSTDate, from archive: BoxOfficeArchive, state: CommandState) -> DailyReport.YearSoFar? {
        guard let first = KSTDate(year: date.year, month: 1, day: 1) else { return nil }
        do {
            if let year = try archive.yearSoFar(through: date) { return year }
            let missing = try archive.missingDays(from: first, to: date)
            let listed = PeriodCoverage.listing(missing, showing: 3)
            let sync = "boxoffice archive sync --from \(first.iso) --to \(date.iso)"
            state.context.warn(
                bilingual(
                    "the year so far is left out: the archive lacks \(NumberText.grouped(Int64(missing.count))) day\(missing.count == 1 ? "" : "s") of \(date.year) (\(listed.english)); '\(sync)' fills them.",
                    "올해 누적은 뺐습니다. 아카이브에 \(date.year)년의 \(NumberText.grouped(Int64(missing.count)))일이 빠져 있습니다(\(listed.korean)). 채우는 명령: '\(sync)'."
                ))
        } catch {
            state.context.warn(
                bilingual("the year so far is left out: \(ErrorText.message(for: error))", "올해 누적은 뺐습니다: \(ErrorText.message(for: error))"))
        }
        return nil
    }

    package func run(in state: CommandState) async throws -> CommandOutput {
        let archive = state.archiveToRead(network)
        let client = try state.makeClient(network, needs: withPosters ? [.kobis, .kakao] : [.kobis], servedBy: archive)
        var report = try await client.report(on: date, days: days, withPosters: withPosters)
        if let archive { report.yearSoFar = Self.yearSoFar(through: date, from: archive, state: state) }
        let envelope = MailEnvelope(
            recipients: recipients, sender: sender ?? Self.defaultSender(state.context), subject: subject, date: state.context.now,
            token: UUID().uuidString.replacing("-", with: "").lowercased())
        var linkedPosterNote: String?
        if embedsPosters {
            let room = network.format == .email ? PosterRoom.mail(envelope, budget: mailBudget) : .page
            // No download may bring more than could ever fit.
            var policy = TransferPolicy.image
            policy.maximumBytes = min(policy.maximumBytes, room.largestImage)
            let downloader = ImageDownloader(
                loader: state.transport(policy, timeout: network.timeout), timeout: network.timeout, userAgent: CommandState.userAgent)
            let embedded = await room.embeddingPosters(in: report, with: downloader)
            let failed = embedded.report.movies.filter { $0.posterURL != nil && $0.posterImage == nil }.count - embedded.leftAsLinks
            if failed > 0 {
                let isMail = network.format == .email
                state.context.warn(
                    bilingual(
                        "\(failed == 1 ? "1 poster" : "\(failed) posters") could not be downloaded as an image and \(isMail ? "link to the web" : "stay links").",
                        "포스터 \(failed)개를 이미지로 받지 못해 \(isMail ? "웹 링크로" : "링크로") 둡니다."))
            }
            report = embedded.report
            if embedded.leftAsLinks > 0 {
                let posters = embedded.leftAsLinks == 1 ? "1 poster stays a link" : "\(embedded.leftAsLinks) posters stay links"
                let option = network.format == .email ? " (--mail-budget)" : ""
                state.context.warn(
                    bilingual("\(posters): \(room.limit)\(option).", "포스터 \(embedded.leftAsLinks)개는 링크로 둡니다: \(room.limit)\(option)."))
                linkedPosterNote = room.note
            }
        }
        return .data(ReportOutput(report, withPosters: withPosters, linkedPosterNote: linkedPosterNote), network, envelope: envelope)
    }
}
