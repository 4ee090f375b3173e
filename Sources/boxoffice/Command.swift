import BoxOfficeCore

/// A validated command, ready to run.
enum Command: Sendable {
    case help([String])
    case exitCodes
    case version
    case daily(ChartRequest)
    case weekly(ChartRequest)
    case movie(code: String, NetworkOptions)
    case search(MovieSearchQuery, NetworkOptions)
    case images(ImageSearchQuery, NetworkOptions)
    case poster(code: String, download: String?, NetworkOptions)
    case cachePath
    case cacheStats(OutputFormat)
    case cacheClear
    case quota(OutputFormat)
    case configSet(APIService)
    case configShow(OutputFormat)
    case configPath
    case completion(Shell)
}

/// Options shared by every command that calls an API.
struct NetworkOptions: Sendable {
    var format: OutputFormat = .table
    var color: ColorChoice = .auto
    var timeout = ClientConfiguration.defaultTimeout
    var retries = RetryPolicy.defaultRetries
    var cacheMode: CacheMode = .normal
    var replayDirectory: String?
    var recordDirectory: String?
    var isVerbose = false
    /// Send requests past the ledger's count of today's limit.
    var ignoresQuota = false
}

/// `--color`.
enum ColorChoice: String, Sendable {
    case auto, always, never
}

/// Shells `completion` writes for.
enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

/// A daily or weekly chart request: what to fetch, whether it was asked as a range, and how to print it.
struct ChartRequest: Sendable {
    var query: ChartQuery
    /// Whether the user asked for a range (output is then a list of charts).
    var isRange: Bool
    var network = NetworkOptions()
}

extension Command {
    /// Validates a parsed invocation; `today` is the Seoul day used for defaults and limits.
    init(_ invocation: Invocation, today: KSTDate) throws(UsageError) {
        let path = invocation.path.dropFirst().map(\.name)
        if invocation.wantsHelp || path.first == "help" {
            self = try Self.help(invocation, path: path)
            return
        }
        if invocation.flags.contains("version") {
            self = .version
            return
        }
        let reader = OptionReader(invocation: invocation, path: path)
        switch path.first {
        case nil:
            self = .help([])
        case "daily":
            self = .daily(try Self.chartRequest(reader, today: today, isWeekly: false))
        case "weekly":
            self = .weekly(try Self.chartRequest(reader, today: today, isWeekly: true))
        case "movie":
            self = .movie(code: try reader.movieCode(), try reader.network())
        case "search":
            self = .search(try Self.searchQuery(reader), try reader.network())
        case "images":
            self = .images(try Self.imageQuery(reader), try reader.network())
        case "poster":
            self = .poster(code: try reader.movieCode(), download: invocation.values["download"], try reader.network())
        case "cache":
            switch path.dropFirst().first {
            case "path": self = .cachePath
            case "stats": self = .cacheStats(try reader.format())
            default: self = .cacheClear
            }
        case "quota":
            self = .quota(try reader.format())
        case "config":
            switch path.dropFirst().first {
            case "set":
                let name = invocation.positionals.first ?? ""
                guard let service = APIService(rawValue: name.lowercased()) else {
                    throw reader.error("'\(name)' is not a service; use kobis or kakao.")
                }
                self = .configSet(service)
            case "show": self = .configShow(try reader.format())
            default: self = .configPath
            }
        case "completion":
            let name = invocation.positionals.first ?? ""
            guard let shell = Shell(rawValue: name) else {
                throw reader.error("'\(name)' is not a shell I write completions for; use bash, zsh or fish.")
            }
            self = .completion(shell)
        default:
            self = .help([])
        }
    }

    private static func help(_ invocation: Invocation, path: [String]) throws(UsageError) -> Command {
        guard path.first == "help" else { return .help(path) }
        let topic = invocation.positionals
        if topic == ["exit-codes"] { return .exitCodes }
        var spec = CommandCatalog.root
        for name in topic {
            guard let next = spec.subcommand(named: name) else {
                let hint = CommandLineParser.suggestion(for: name, among: spec.subcommands.map(\.name) + ["exit-codes"]).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("No help topic '\(name)'.\(hint)", commandPath: ["help"])
            }
            spec = next
        }
        return .help(topic)
    }

    private static func chartRequest(_ reader: OptionReader, today: KSTDate, isWeekly: Bool) throws(UsageError) -> ChartRequest {
        let period = try reader.choice("period", WeekPeriod.init(rawValue:)) ?? .week
        let dates: [KSTDate]
        let isRange: Bool
        let from = try reader.date("from", today: today)
        let to = try reader.date("to", today: today)
        if from != nil || to != nil {
            guard reader.invocation.values["date"] == nil else { throw reader.error("Use either --date or --from/--to, not both.") }
            guard let from, let to else { throw reader.error("A range needs both --from and --to.") }
            guard from <= to else { throw reader.error("--from \(from.iso) is after --to \(to.iso).") }
            if isWeekly {
                let firstMonday = from.adding(days: 1 - from.weekday)
                let weeks = to.days(since: firstMonday) / 7 + 1
                guard weeks <= ChartQuery.longestWeeklyRange else {
                    throw reader.error("The range covers \(weeks) weeks; at most \(ChartQuery.longestWeeklyRange) (five years) are allowed.")
                }
                dates = (0..<weeks).map { firstMonday.adding(days: $0 * 7) }
            } else {
                let days = to.days(since: from) + 1
                guard days <= ChartQuery.longestDailyRange else {
                    throw reader.error("The range covers \(days) days; at most \(ChartQuery.longestDailyRange) are allowed.")
                }
                dates = (0..<days).map { from.adding(days: $0) }
            }
            isRange = true
        } else {
            let defaultDate = isWeekly ? period.latestEnded(before: today) : today.adding(days: -1)
            dates = [try reader.date("date", today: today) ?? defaultDate]
            isRange = false
        }
        var query = ChartQuery(span: isWeekly ? .weekly(period) : .daily, dates: dates)
        query.filter.nation = try reader.choice("nation", ChartFilter.Nation.init(rawValue:))
        query.filter.movieType = try reader.choice("type", ChartFilter.MovieType.init(rawValue:))
        if let regionName = reader.invocation.values["region"] {
            guard let region = Region.named(regionName) else {
                let names = Region.all.map(\.englishName)
                let hint = CommandLineParser.suggestion(for: regionName, among: names).map { " Did you mean '\($0)'?" } ?? ""
                throw reader.error("Unknown region '\(regionName)'.\(hint) Use one of: \(names.joined(separator: ", ")), their Korean names, or a 7-digit code.")
            }
            query.filter.region = region
        }
        query.limit = try reader.integer("limit", in: 1...ChartFilter.maximumItemsPerPage)
        query.withPosters = reader.invocation.flags.contains("posters")
        query.jobs = try reader.integer("jobs", in: ChartQuery.jobRange) ?? ChartQuery.defaultJobs
        return ChartRequest(query: query, isRange: isRange, network: try reader.network())
    }

    static let movieListPageSizes = 1...100
    static let movieListPages = 1...10_000

    private static func searchQuery(_ reader: OptionReader) throws(UsageError) -> MovieSearchQuery {
        let title = reader.invocation.positionals.first.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let director = reader.invocation.values["director"].flatMap { $0.isEmpty ? nil : $0 }
        guard title != nil || director != nil else { throw reader.error("Give a title to search for, or --director.") }
        let year = try reader.integer("year", in: 1900...9999)
        return MovieSearchQuery(
            title: title, director: director, openedFromYear: year, openedToYear: year,
            page: try reader.integer("page", in: movieListPages), itemsPerPage: try reader.integer("limit", in: movieListPageSizes))
    }

    static let defaultImageCount = 10

    private static func imageQuery(_ reader: OptionReader) throws(UsageError) -> ImageSearchQuery {
        let text = reader.invocation.positionals.first ?? ""
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw reader.error("The search query is empty.") }
        return ImageSearchQuery(
            text: text, sort: try reader.choice("sort", ImageSearchQuery.Sort.init(rawValue:)),
            page: try reader.integer("page", in: ImageSearchQuery.pages),
            size: try reader.integer("limit", in: ImageSearchQuery.sizes) ?? defaultImageCount)
    }
}

/// Reads typed option values, naming the option in every error.
struct OptionReader {
    let invocation: Invocation
    let path: [String]

    func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }

    func choice<Value>(_ name: String, _ make: (String) -> Value?) throws(UsageError) -> Value? {
        guard let text = invocation.values[name] else { return nil }
        if let value = make(text.lowercased()) { return value }
        let choices = invocation.command.option(named: name)?.choices ?? []
        throw error("'\(text)' is not a valid value for '--\(name)'; use \(choices.joined(separator: ", ")).")
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = invocation.values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw error("'\(text)' is not a valid value for '--\(name)'; use a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    func date(_ name: String, today: KSTDate) throws(UsageError) -> KSTDate? {
        guard let text = invocation.values[name] else { return nil }
        guard let date = KSTDate.resolve(text, today: today) else {
            throw error("'\(text)' is not a valid date for '--\(name)'; use YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd.")
        }
        guard date <= today else {
            throw error("\(date.iso) is in the future: today in Seoul is \(today.iso).")
        }
        return date
    }

    func format() throws(UsageError) -> OutputFormat {
        try choice("format", OutputFormat.init(rawValue:)) ?? .table
    }

    func movieCode() throws(UsageError) -> String {
        let code = (invocation.positionals.first ?? "").trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else { throw error("The movie code is empty; find one with `boxoffice search <title>`.") }
        return code
    }

    static let timeoutRange = 0.1...600.0
    static let retryRange = 0...10

    func network() throws(UsageError) -> NetworkOptions {
        var options = NetworkOptions()
        options.format = try format()
        options.color = try choice("color", ColorChoice.init(rawValue:)) ?? .auto
        if let text = invocation.values["timeout"] {
            guard let seconds = Double(text), Self.timeoutRange.contains(seconds) else {
                throw error("'\(text)' is not a valid value for '--timeout'; use seconds from 0.1 to 600.")
            }
            options.timeout = seconds
        }
        options.retries = try integer("retries", in: Self.retryRange) ?? RetryPolicy.defaultRetries
        let noCache = invocation.flags.contains("no-cache")
        let refresh = invocation.flags.contains("refresh")
        guard !(noCache && refresh) else { throw error("Use either --no-cache or --refresh, not both.") }
        options.cacheMode = noCache ? .disabled : refresh ? .refresh : .normal
        options.replayDirectory = invocation.values["replay"]
        options.recordDirectory = invocation.values["record"]
        guard options.replayDirectory == nil || options.recordDirectory == nil else {
            throw error("Use either --replay or --record, not both.")
        }
        options.isVerbose = invocation.flags.contains("verbose")
        options.ignoresQuota = invocation.flags.contains("ignore-quota")
        return options
    }
}
