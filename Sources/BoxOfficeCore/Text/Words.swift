/// A text a person reads, declared once with its English and its Korean: a command's abstract,
/// an option's help, a column's heading. It is written in the language the run speaks when it
/// is written, so a declaration made before the run knows its language is still said in it, and
/// a text without its Korean does not compile. (Sentences made at the moment they are written say
/// both languages where they are made, with `bilingual`.)
package struct Words: Sendable, Hashable {
    package let english: String
    package let korean: String

    package init(_ english: String, _ korean: String) {
        self.english = english
        self.korean = korean
    }

    /// A text that reads the same in both: a name the user gave, such as a column of their SQL.
    package init(verbatim text: String) {
        self.init(text, text)
    }

    /// The text in the run's language.
    package var text: String {
        Language.current == .ko ? korean : english
    }
}
