import BoxOfficeCore

/// Options shared by every command that calls an API.
struct NetworkOptions: Sendable {
    var format = SharedOptions.defaultFormat
    var color: ColorChoice = .auto
    /// `--fields`: the columns to write, by their JSON names; nil for all.
    var fields: [String]?
    var timeout = ClientConfiguration.defaultTimeout
    var retries = RetryPolicy.defaultRetries
    var cacheMode: CacheMode = .normal
    var replayDirectory: String?
    var recordDirectory: String?
    var isVerbose = false
    /// Send requests past the ledger's count of today's limit.
    var ignoresQuota = false
}

extension NetworkOptions {
    /// Reads and checks the shared network options; `fields` are the names a command with
    /// `--fields` offers.
    init(_ reader: OptionReader, defaultFormat: OutputFormat = SharedOptions.defaultFormat, offering fields: @autoclosure () -> [String]? = nil)
        throws(UsageError)
    {
        format = try reader.format(default: defaultFormat)
        color = try reader.color()
        // The names are worked out only when --fields is given: they cost a rendering.
        if reader.invocation.command.option(.fields) != nil, reader.value(.fields) != nil, let offered = fields() {
            self.fields = try reader.fields(among: offered, format: format)
        }
        if let text = reader.value(.timeout) {
            guard let seconds = Double(text), SharedOptions.timeoutRange.contains(seconds) else {
                throw reader.error("'\(text)' is not a valid value for '--timeout'; use seconds from 0.1 to 600.")
            }
            timeout = seconds
        }
        retries = try reader.integer(.retries, in: SharedOptions.retryRange) ?? RetryPolicy.defaultRetries
        let noCache = reader.flag(.noCache)
        let refresh = reader.flag(.refresh)
        guard !(noCache && refresh) else { throw reader.error("Use either --no-cache or --refresh, not both.") }
        cacheMode = noCache ? .disabled : refresh ? .refresh : .normal
        replayDirectory = reader.value(.replay)
        recordDirectory = reader.value(.record)
        guard replayDirectory == nil || recordDirectory == nil else { throw reader.error("Use either --replay or --record, not both.") }
        isVerbose = reader.flag(.verbose)
        ignoresQuota = reader.flag(.ignoreQuota)
    }
}
