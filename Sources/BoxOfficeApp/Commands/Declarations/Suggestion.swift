import BoxOfficeCore
/// The name a person most likely meant by a word that names nothing: the one hint after a
/// misspelt option, command, region or code group.
package enum Suggestion {
    /// The closest name within two edits, if any.
    package static func closest(to word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func editDistance(_ left: String, _ right: String) -> Int {
        let left = Array(left)
        let right = Array(right)
        var previous = Array(0...right.count)
        for (index, leftCharacter) in left.enumerated() {
            var current = [index + 1]
            for (otherIndex, rightCharacter) in right.enumerated() {
                let substitution = previous[otherIndex] + (leftCharacter == rightCharacter ? 0 : 1)
                current.append(min(previous[otherIndex + 1] + 1, current[otherIndex] + 1, substitution))
            }
            previous = current
        }
        return previous[right.count]
    }
}

/// " Did you mean 'x'?": the hint after a word that is nearly a known one.
package func didYouMean(_ word: String) -> String {
    bilingual(" Did you mean '\(word)'?", " 혹시 '\(word)'인가요?")
}

/// The hint for the word meant, if any; nothing where none is near.
package func didYouMean(_ word: String?) -> String {
    word.map { didYouMean($0) } ?? ""
}
