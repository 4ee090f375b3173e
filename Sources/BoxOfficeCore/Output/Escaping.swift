extension String {
    /// Appends `text` with each scalar that `replacement` names replaced and the rest kept as they
    /// are: the one loop behind the escaping of every output format.
    mutating func append(_ text: String, replacing replacement: (Unicode.Scalar) -> String?) {
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                self += replaced
            } else {
                unicodeScalars.append(scalar)
            }
        }
    }
}
