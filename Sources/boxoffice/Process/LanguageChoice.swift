import BoxOfficeCore

/// Which language a run speaks: `--lang ko|en` (taken out of the arguments before they are
/// parsed, so that a usage error is already in it), then `BOXOFFICE_LANG`, then the POSIX locale
/// (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, with gettext's `LANGUAGE` over it): Korean when it
/// says `ko` in UTF-8, English otherwise.
struct LanguageChoice: Sendable {
    let language: Language
    /// Whether `--lang` chose it: `boxoffice mcp` speaks English to models unless told.
    let isExplicit: Bool
    /// The arguments without `--lang` and its value, `-q`/`--quiet` and `--no-pager`.
    let arguments: [String]
    /// `-q`/`--quiet`, wherever it stood.
    var isQuiet = false
    /// `--no-pager`, wherever it stood.
    var noPager = false

    /// The choice, or a usage error for a value that is neither `ko` nor `en`.
    static func make(_ arguments: [String], context: ProcessContext) -> Result<LanguageChoice, UsageError> {
        var rest: [String] = []
        var given: String?
        var (quiet, noPager) = (false, false)
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" {
                rest += arguments[index...]
                break
            }
            if word == "--lang" {
                guard index + 1 < arguments.endIndex else { return .failure(missingValue()) }
                given = arguments[index + 1]
                index += 2
                continue
            }
            // The run's own switches, like --lang taken out wherever they stand.
            if word == "-q" || word == "--quiet" || word == "--no-pager" {
                if word == "--no-pager" { noPager = true } else { quiet = true }
                index += 1
                continue
            }
            if word.hasPrefix("--lang=") {
                given = String(word.dropFirst("--lang=".count))
                index += 1
                continue
            }
            rest.append(word)
            index += 1
        }
        if let given {
            guard let language = Language(rawValue: given) else { return .failure(invalid(given, fallback: fromEnvironment(context))) }
            return .success(LanguageChoice(language: language, isExplicit: true, arguments: rest, isQuiet: quiet, noPager: noPager))
        }
        return .success(LanguageChoice(language: fromEnvironment(context), isExplicit: false, arguments: rest, isQuiet: quiet, noPager: noPager))
    }

    /// `BOXOFFICE_LANG` (`ko` or `en`), else the messages language as gettext programs choose it:
    /// the locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first set and not empty), whose
    /// language `LANGUAGE` (a list by priority, `ko:en`) overrides unless the locale is C or POSIX.
    /// Korean needs a UTF-8 locale: the tool writes UTF-8, and a terminal set to EUC-KR would show
    /// it as mojibake, so a locale naming another character set gets English.
    static func fromEnvironment(_ context: ProcessContext) -> Language {
        if let chosen = context.variable("BOXOFFICE_LANG").flatMap(Language.init(rawValue:)) { return chosen }
        let set = { (name: String) in context.variable(name).flatMap { $0.isEmpty ? nil : $0 } }
        guard let locale = set("LC_ALL") ?? set("LC_MESSAGES") ?? set("LANG") else { return .en }
        guard locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return .en }
        let codeset = locale.split(separator: ".", maxSplits: 1).dropFirst().first.map { $0.prefix { $0 != "@" }.lowercased() }
        if let codeset, codeset != "utf-8", codeset != "utf8" { return .en }
        // The first entry of LANGUAGE this tool speaks decides; an entry it does not speak is passed over.
        for entry in (set("LANGUAGE") ?? "").split(separator: ":") {
            if let language = Language.of(locale: String(entry)) { return language }
            if entry.split(whereSeparator: { $0 == "_" || $0 == "." || $0 == "@" }).first == "en" { return .en }
        }
        return Language.of(locale: locale) ?? .en
    }

    private static func missingValue() -> UsageError {
        UsageError(bilingual("--lang needs a value: ko or en.", "--lang 뒤에 ko 또는 en을 붙이세요."), commandPath: [])
    }

    private static func invalid(_ value: String, fallback: Language) -> UsageError {
        Language.$current.withValue(fallback) {
            UsageError(
                bilingual(
                    "--lang takes ko or en, not '\(TerminalText.sanitize(value))'.",
                    "--lang에는 ko 또는 en만 쓸 수 있습니다('\(TerminalText.sanitize(value))'는 쓸 수 없습니다)."),
                commandPath: [])
        }
    }
}
