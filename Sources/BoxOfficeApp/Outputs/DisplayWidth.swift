import BoxOfficeCore
/// Where text sits in a column wider than itself.
package enum TextAlignment: Sendable {
    /// Text starts at the column's left edge; padding follows it.
    case left
    /// Text ends at the column's right edge, as numbers do.
    case right
}

/// How many terminal cells text takes: Hangul, CJK and fullwidth forms take two, combining marks none.
package enum DisplayWidth {
    /// The cells a string takes once shown.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The cells one user-perceived character takes.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        // A flag is a pair of regional indicators, each narrow on its own; terminals give the pair two cells.
        if scalars.count > 1, scalars.allSatisfy({ regionalIndicators.contains($0.value) }) { return 2 }
        return scalars.map(of).max() ?? 0
    }

    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

    /// The cells one scalar takes on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Cuts text to at most `width` cells, ending in "…" when something was cut.
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in text {
            let cells = of(character)
            if used + cells > width - 1 { break }
            kept.append(character)
            used += cells
        }
        return kept + "…"
    }

    /// Cuts text to at most `width` cells by taking out its middle, so two titles that differ
    /// only at the end (a sequel's "PART ONE" and "PART TWO") stay apart.
    package static func truncateMiddle(_ text: String, toWidth width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 2 else { return truncate(text, toWidth: width) }
        let characters = Array(text)
        let headBudget = (width - 1) / 2
        var tailBudget = width - 1 - headBudget
        var head = ""
        var used = 0
        for character in characters {
            let cells = of(character)
            if used + cells > headBudget { break }
            head.append(character)
            used += cells
        }
        tailBudget += headBudget - used
        var tail: [Character] = []
        used = 0
        for character in characters.reversed() {
            let cells = of(character)
            if used + cells > tailBudget { break }
            tail.insert(character, at: 0)
            used += cells
        }
        return head + "…" + String(tail)
    }

    /// Words filled into lines of at most `width` cells. A word longer than a line is broken
    /// between characters, except an address (`://`), which stands whole so it can still be opened.
    package static func wrap(_ text: String, toWidth width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").flatMap({ pieces(of: String($0), toWidth: width) }) {
            let candidate = line.isEmpty ? word : line + " " + word
            if of(candidate) > width, !line.isEmpty {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A word cut into pieces of at most `width` cells; an address stays whole.
    private static func pieces(of word: String, toWidth width: Int) -> [String] {
        guard of(word) > width, width > 1, !word.contains("://") else { return [word] }
        var pieces = [""]
        var used = 0
        for character in word {
            let cells = of(character)
            if used + cells > width {
                pieces.append("")
                used = 0
            }
            pieces[pieces.count - 1].append(character)
            used += cells
        }
        return pieces
    }

    /// Pads text with spaces to `width` cells; text already that wide is returned as is.
    package static func pad(_ text: String, toWidth width: Int, alignment: TextAlignment) -> String {
        let padding = String(repeating: " ", count: max(width - of(text), 0))
        return alignment == .left ? text + padding : padding + text
    }
}
