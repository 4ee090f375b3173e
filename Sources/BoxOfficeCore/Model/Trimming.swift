extension String {
    /// Without the whitespace and line breaks around it, in pure Swift: Foundation's
    /// `trimmingCharacters(in:)` goes through CharacterSet and NSString, which cost most of a
    /// range's time on every field of every chart, and a good share of a short run's start-up.
    package var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        // Most text has nothing to trim: keep the string as it is, without a copy.
        guard first.properties.isWhitespace || last.properties.isWhitespace else { return self }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
