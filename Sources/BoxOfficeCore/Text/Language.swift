#if canImport(Darwin)
import Foundation
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The language people read a run's words in: English, or Korean. What machines read (JSON keys
/// and values, CSV headers, exit codes, the archive's schema, MCP's names) is the same in both.
package enum Language: String, Sendable, CaseIterable {
    case en, ko

    /// The language of the words being written now. The command line sets it for a run (and
    /// `boxoffice mcp` for its tool errors); everything else reads it, English by default.
    @TaskLocal package static var current: Language = .en

    /// The language an app built on the library speaks, for the errors it shows: Korean when
    /// the app's own localization (on Apple's systems) or the messages locale the process has set
    /// (elsewhere, as gettext reads it: an app that called `setlocale(LC_ALL, "")` under a Korean
    /// locale; Foundation there reports `en_001` whatever the locale) is Korean, English
    /// otherwise. The library reads no environment of its own; an app that chooses per request
    /// asks `localized(for:)`.
    package static var ofThisApp: Language {
        #if canImport(Darwin)
        return of(locale: Bundle.main.preferredLocalizations.first ?? Locale.current.identifier) ?? .en
        #else
        #if canImport(Glibc)
        if let set = setlocale(LC_MESSAGES, nil), let language = of(locale: String(cString: set)) { return language }
        #endif
        return of(locale: Locale.current.identifier) ?? .en
        #endif
    }

    /// The language a POSIX locale name asks for: Korean for `ko`, `ko_KR`, `ko_KR.UTF-8`…;
    /// nil for any other, `C` and `POSIX` included, which mean English.
    package static func of(locale: String) -> Language? {
        let language = locale.split(whereSeparator: { $0 == "_" || $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        return language == "ko" ? .ko : nil
    }
}

/// One sentence in both languages, the one the run speaks chosen as it is written: a sentence
/// is never put together from English pieces, and the compiler asks for both.
package func bilingual(_ english: @autoclosure () -> String, _ korean: @autoclosure () -> String) -> String {
    Language.current == .ko ? korean() : english()
}
