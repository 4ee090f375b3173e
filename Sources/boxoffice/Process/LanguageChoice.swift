import BoxOfficeApp
import BoxOfficeCore

/// Which language a run speaks: `--lang ko|en` (an option of the root that stands anywhere among
/// the arguments, read even when a mistake comes before it, so that the mistake is told in it),
/// then `BOXOFFICE_LANG`, then the POSIX locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, with
/// gettext's `LANGUAGE` over it): Korean when it says `ko` in UTF-8, English otherwise.
struct LanguageChoice: Sendable {
    let language: Language
    /// Whether `--lang` chose it: `boxoffice mcp` speaks English to models unless told.
    let isExplicit: Bool
    /// `-q`/`--quiet`, wherever it stood.
    var isQuiet = false
    /// `--no-pager`, wherever it stood.
    var noPager = false

    /// The choice the parsed words make, or a usage error for a `--lang` that is neither `ko` nor `en`.
    static func make(_ invocation: Invocation, context: ProcessContext) -> Result<LanguageChoice, UsageError> {
        let quiet = invocation.flags.contains(OptionName.quiet.rawValue)
        let noPager = invocation.flags.contains(OptionName.noPager.rawValue)
        if let given = invocation.values[OptionName.lang.rawValue]?.last {
            guard let language = Language(rawValue: given) else { return .failure(invalid(given)) }
            return .success(LanguageChoice(language: language, isExplicit: true, isQuiet: quiet, noPager: noPager))
        }
        return .success(LanguageChoice(language: fromEnvironment(context), isExplicit: false, isQuiet: quiet, noPager: noPager))
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

    private static func invalid(_ value: String) -> UsageError {
        UsageError(
            bilingual(
                "--lang takes ko or en, not '\(TerminalText.sanitize(value))'.",
                "--lang에는 ko 또는 en만 쓸 수 있습니다('\(TerminalText.sanitize(value))'는 쓸 수 없습니다)."),
            commandPath: [])
    }
}
