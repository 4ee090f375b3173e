/// Decides, one scalar at a time, what a terminal would act on rather than show: C0 and C1
/// controls, DEL, bidirectional controls and whole escape sequences (ECMA-48), so that removing
/// them leaves no debris such as `[2J` or `]0;title`. `TerminalText.sanitize` drops what it drops,
/// and `SecretRedactor` looks through the same scalars, so a key disguised by them is still found.
struct ControlSequenceFilter: Sendable {
    private enum State: Sendable {
        /// Ordinary text.
        case ground
        /// After ESC.
        case escape
        /// After ESC and one or more intermediates (0x20–0x2F), as in `ESC ( B`.
        case escapeIntermediate
        /// In a CSI sequence (`ESC [` or U+009B), up to its final byte.
        case controlSequence
        /// In an OSC, DCS, SOS, PM or APC string, up to BEL or ST.
        case controlString
        /// After ESC in a control string: `\` ends it (ST), anything else starts a new sequence.
        case controlStringEscape
    }

    private var state = State.ground

    /// Whether the filter is between sequences, so the next scalar it keeps is text.
    var isInText: Bool { state == .ground }

    /// Whether the scalar is text to show (tab and line breaks included); false when it is a
    /// control or part of an escape sequence, which is dropped whole.
    mutating func keeps(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch state {
        case .ground:
            return keepsInText(scalar)
        case .escape:
            switch value {
            case Self.leftBracket: state = .controlSequence
            // `]` OSC, `P` DCS, `X` SOS, `^` PM, `_` APC.
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString
            case 0x20...0x2F: state = .escapeIntermediate
            case 0x30...0x7E: state = .ground
            default:
                // Not a sequence after all: the ESC goes, the scalar is read as text.
                state = .ground
                return keepsInText(scalar)
            }
            return false
        case .escapeIntermediate:
            switch value {
            case 0x20...0x2F: break
            case 0x30...0x7E: state = .ground
            default:
                state = .ground
                return keepsInText(scalar)
            }
            return false
        case .controlSequence:
            switch value {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default:
                state = .ground
                return keepsInText(scalar)
            }
            return false
        case .controlString:
            switch value {
            case Self.bell, Self.stringTerminator, Self.cancel, Self.substitute: state = .ground
            case Self.escapeValue: state = .controlStringEscape
            default: break
            }
            return false
        case .controlStringEscape:
            if value == Self.backslash {
                state = .ground
                return false
            }
            state = .escape
            return keeps(scalar)
        }
    }

    /// A scalar met between sequences: controls go, introducers start a sequence.
    private mutating func keepsInText(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Nearly all text: decided without a look at the controls.
        guard value < 0x7F || value > 0x9F else {
            switch value {
            case Self.controlSequenceIntroducer: state = .controlSequence
            // U+009D OSC, U+0090 DCS, U+0098 SOS, U+009E PM, U+009F APC.
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: state = .controlString
            default: break
            }
            return false
        }
        switch value {
        case 0x20...0x7E, 0x09, 0x0A, 0x0D: return true
        case Self.escapeValue: state = .escape
        case 0x00...0x1F: break
        // Arabic letter mark, the marks, embeddings, overrides and isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: break
        default: return true
        }
        return false
    }

    private static let bell: UInt32 = 0x07
    private static let cancel: UInt32 = 0x18
    private static let substitute: UInt32 = 0x1A
    private static let escapeValue: UInt32 = 0x1B
    private static let leftBracket: UInt32 = 0x5B
    private static let backslash: UInt32 = 0x5C
    private static let controlSequenceIntroducer: UInt32 = 0x9B
    private static let stringTerminator: UInt32 = 0x9C
}
