extension String {
    /// Appends `text` with each scalar that `replacement` names replaced and the rest kept as they
    /// are: the one loop behind the escaping of every output format. The text between two
    /// replacements is copied whole, which is several times faster than a scalar at a time.
    package mutating func append(_ text: String, replacing replacement: (Unicode.Scalar) -> String?) {
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index != scalars.endIndex {
            let next = scalars.index(after: index)
            if let replaced = replacement(scalars[index]) {
                self += text[runStart..<index]
                self += replaced
                runStart = next
            }
            index = next
        }
        self += text[runStart...]
    }
}
