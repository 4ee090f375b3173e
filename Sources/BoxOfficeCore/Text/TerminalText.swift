#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes text from outside (API fields, file names, user input) safe to show on a terminal.
package enum TerminalText {
    /// Removes what could move the cursor, change colours or reorder the line: C0 and C1 controls,
    /// DEL, the bidirectional controls and whole escape sequences (CSI, OSC, DCS and the like, in
    /// their ESC and C1 forms), not just their ESC. Tab and line breaks become spaces unless
    /// `keepingLineBreaks`, for formats that escape them; the line and paragraph separators
    /// (U+2028, U+2029), which no format escapes, always do. The result is NFC.
    package static func sanitize(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        var isNormal = true
        var filter = ControlSequenceFilter()
        for scalar in text.unicodeScalars where filter.keeps(scalar) {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(keepingLineBreaks ? scalar : shownSpacing(scalar))
            case 0x2028, 0x2029: scalars.append(shownSpacing(scalar))
            default:
                scalars.append(scalar)
                isNormal = isNormal && staysUnderNFC(scalar)
            }
        }
        guard !isNormal else { return String(scalars) }
        // The standard library's own normalizer: the one its string comparison uses. (Foundation's
        // is in corelibs Foundation, which the static binary does not link.)
        return String(decoding: String(scalars)._nfcCodeUnits, as: UTF8.self)
    }

    /// The scalar as one line of text shows it: a tab, a line break and the line and paragraph
    /// separators are a space; anything else is itself.
    package static func shownSpacing(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: " "
        default: scalar
        }
    }

    /// Whether NFC leaves the scalar as it is wherever it stands (NFC_Quick_Check=Yes, combining
    /// class 0): Latin up to the combining marks, CJK ideographs and Hangul syllables, which is
    /// nearly all text KOBIS sends. A string of only these is already NFC.
    private static func staysUnderNFC(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0000...0x02FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
        default: false
        }
    }
}
