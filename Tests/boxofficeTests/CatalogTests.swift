@testable import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// Every text a person reads that is declared once and written later (a command's abstract, an
/// option's help, a described default) is a `Words` value with its Korean: the compiler asks for
/// it. What a compiler cannot see, this checks: that the Korean is Korean, not English copied.
struct CatalogTests {
    /// The declared texts of every command: abstracts, discussions, arguments' and options' help
    /// and described defaults.
    static func declaredTexts(_ spec: CommandSpec = CommandCatalog.root) -> [Words] {
        var texts = [spec.abstract] + (spec.discussion.map { [$0] } ?? [])
        texts += spec.arguments.map(\.help)
        for option in spec.options {
            texts.append(option.help)
            if case .described(let words)? = option.defaultValue { texts.append(words) }
        }
        return texts + spec.subcommands.flatMap { declaredTexts($0) }
    }

    @Test func everyDeclaredTextHasItsKorean() {
        let hangul = { (text: String) in text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        let missing = Self.declaredTexts().filter { !hangul($0.korean) }.map(\.english)
        #expect(missing.isEmpty, "without Korean: \(missing)")
    }

    /// A subcommand is found by the name it is listed under before its spec is made: that name is
    /// the one its spec, its help and its usage lines give.
    @Test func everySubcommandIsListedUnderItsSpecsName() {
        func mismatches(_ spec: CommandSpec) -> [String] {
            spec.subcommandEntries.flatMap { entry in
                (entry.name == entry.spec.name ? [] : ["\(entry.name) → \(entry.spec.name)"]) + mismatches(entry.spec)
            }
        }
        #expect(mismatches(CommandCatalog.root).isEmpty)
        #expect(CommandCatalog.root.subcommandEntries.count == 23)
    }

    @Test func aTextIsWrittenInTheRunsLanguage() {
        let words = Words("Show the daily box-office chart.", "일별 박스오피스를 봅니다.")
        #expect(words.text == "Show the daily box-office chart.")
        #expect(Language.$current.withValue(.ko) { words.text } == "일별 박스오피스를 봅니다.")
    }
}
