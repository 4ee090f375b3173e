import BoxOfficeCore

/// Options shared by every command that calls an API.
package struct NetworkOptions: Sendable {
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

package extension NetworkOptions {
    /// Reads and checks the shared network options over the reader's defaults; `fields` are the
    /// names a command with `--fields` offers.
    init(_ reader: OptionReader, defaultFormat: OutputFormat = SharedOptions.defaultFormat, offering fields: @autoclosure () -> [String]? = nil)
        throws(UsageError)
    {
        self = reader.networkDefaults
        format = try reader.format(default: defaultFormat)
        color = try reader.color()
        // The names are worked out only when --fields is given: they cost a rendering.
        if reader.declares(.fields), try reader.text(.fields) != nil, let offered = fields() {
            self.fields = try reader.fields(among: offered, format: format)
        }
        timeout = try reader.seconds(.timeout) ?? timeout
        retries = try reader.integer(.retries) ?? retries
        let noCache = try reader.flag(.noCache)
        let refresh = try reader.flag(.refresh)
        guard !(noCache && refresh) else {
            throw reader.error(
                bilingual(
                    "Use either --no-cache or --refresh, not both.", "--no-cache와 --refresh 가운데 하나만 쓰세요."))
        }
        if noCache || refresh { cacheMode = noCache ? .disabled : .refresh }
        replayDirectory = try reader.text(.replay) ?? replayDirectory
        recordDirectory = try reader.text(.record) ?? recordDirectory
        guard replayDirectory == nil || recordDirectory == nil else {
            throw reader.error(
                bilingual(
                    "Use either --replay or --record, not both.", "--replay와 --record 가운데 하나만 쓰세요."))
        }
        isVerbose = try reader.flag(.verbose) || isVerbose
        ignoresQuota = try reader.flag(.ignoreQuota) || ignoresQuota
    }
}

package extension NetworkOptions {
    /// Whether a call made with these options sends whatever its cache holds: it passes the cache
    /// by (`--no-cache`, `--refresh`) and is no replay.
    var sendsWhateverTheCache: Bool { cacheMode != .normal && replayDirectory == nil }

    /// The same, from the words alone, before the command is made: so that a transport with a
    /// slow set-up (loading libcurl) can start it at once.
    static func sendsWhateverTheCache(given source: some ArgumentSource) -> Bool {
        guard source.command.option(.noCache) != nil else { return false }
        let given = { (name: OptionName) in !source.values(of: name).isEmpty }
        return (given(.noCache) || given(.refresh)) && !given(.replay)
    }
}
