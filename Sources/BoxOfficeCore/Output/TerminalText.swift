import Foundation

/// Makes text from outside (API fields, file names, user input) safe to show on a terminal.
public enum TerminalText {
    /// Removes what could move the cursor, change colours or reorder the line: C0 and C1 controls,
    /// DEL and the bidirectional controls. Tab and line breaks become spaces unless
    /// `keepingLineBreaks`, for formats that quote or escape them. The result is NFC.
    public static func sanitize(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(keepingLineBreaks ? scalar : " ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }
}
