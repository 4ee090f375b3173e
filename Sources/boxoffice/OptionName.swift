/// An option's long name, declared once here: a command's spec and its reader both take the
/// value, so a misspelt name cannot compile. (Not expressible by a string literal, for that reason.)
struct OptionName: Hashable, Sendable {
    let rawValue: String

    private init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    static let all = OptionName("all")
    static let ceo = OptionName("ceo")
    static let color = OptionName("color")
    static let date = OptionName("date")
    static let days = OptionName("days")
    static let director = OptionName("director")
    static let download = OptionName("download")
    static let embedPosters = OptionName("embed-posters")
    static let filmography = OptionName("filmography")
    static let format = OptionName("format")
    static let from = OptionName("from")
    static let help = OptionName("help")
    static let ignoreQuota = OptionName("ignore-quota")
    static let jobs = OptionName("jobs")
    static let limit = OptionName("limit")
    static let madeFrom = OptionName("made-from")
    static let madeTo = OptionName("made-to")
    static let nation = OptionName("nation")
    static let noCache = OptionName("no-cache")
    static let noColor = OptionName("no-color")
    static let openedFrom = OptionName("opened-from")
    static let openedTo = OptionName("opened-to")
    static let output = OptionName("output")
    static let page = OptionName("page")
    static let part = OptionName("part")
    static let period = OptionName("period")
    static let posters = OptionName("posters")
    static let record = OptionName("record")
    static let refresh = OptionName("refresh")
    static let region = OptionName("region")
    static let replay = OptionName("replay")
    static let retries = OptionName("retries")
    static let sort = OptionName("sort")
    static let timeout = OptionName("timeout")
    static let to = OptionName("to")
    static let type = OptionName("type")
    static let verbose = OptionName("verbose")
    static let version = OptionName("version")
    static let year = OptionName("year")
}
