@testable import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// Every text a person reads that is declared once and written later has its Korean in the one
/// catalog: a missing translation fails here, by name.
struct CatalogTests {
    /// The declared texts of every command: abstracts, discussions, arguments' and options' help
    /// and described defaults, in English.
    static func declaredTexts(_ spec: CommandSpec = CommandCatalog.root) -> [String] {
        var texts = [spec.abstract] + (spec.discussion.map { [$0] } ?? [])
        texts += spec.arguments.map(\.help)
        for option in spec.options {
            texts.append(option.help)
            if case .described(let text)? = option.defaultValue { texts.append(text) }
        }
        return texts + spec.subcommands.flatMap { declaredTexts($0) }
    }

    @Test func everyDeclaredTextHasItsKorean() {
        // A text made as it is written (a list of fields) says both languages itself; any other
        // is looked up: both must come out Korean.
        let english = Self.declaredTexts()
        let korean = Language.$current.withValue(.ko) { Self.declaredTexts().map(\.localized) }
        let missing = Array(Set(zip(english, korean).filter { $0 == $1 }.map(\.0))).sorted()
        if let file = ProcessInfo.processInfo.environment["BOXOFFICE_DUMP_MISSING"] {
            try? Data(missing.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        }
        #expect(missing.isEmpty, "without Korean: \(missing)")
    }
}
