/// A Korean particle chosen by the sound that ends the word before it: `KOBIS가`, `--from이`,
/// `HTTP 503으로`, `…json이`, `2023-08-18이`. Values are read as Korean readers say them: Hangul by
/// its last syllable's final consonant, digits as Sino-Korean numbers (일, 이, 삼…), Latin letters
/// by the sound English gives the last one (`l`, `m`, `n`, `r` end in a consonant; `l` in ㄹ).
/// Marks that are not read (quotes, brackets, dots, spaces) are passed over, and so is a closing
/// remark in parentheses: `동기화(프로세스 12)가`, as the particle belongs to the word before it.
package enum KoreanParticle: Sendable {
    /// 이/가.
    case subject
    /// 을/를.
    case object
    /// 은/는.
    case topic
    /// 과/와.
    case and
    /// 으로/로 (로 after ㄹ too).
    case direction

    /// The particle's form after `word`.
    package func after(_ word: String) -> String {
        let ending = Self.ending(of: word)
        return switch self {
        case .subject: ending == .vowel ? "가" : "이"
        case .object: ending == .vowel ? "를" : "을"
        case .topic: ending == .vowel ? "는" : "은"
        case .and: ending == .vowel ? "와" : "과"
        case .direction: ending == .consonant ? "으로" : "로"
        }
    }

    private enum Ending { case vowel, rieul, consonant }

    private static func ending(of word: String) -> Ending {
        var scalars = Array(word.unicodeScalars)
        while scalars.last?.properties.isWhitespace == true { scalars.removeLast() }
        if scalars.last == ")", let open = scalars.lastIndex(of: "(") { scalars.removeSubrange(open...) }
        for scalar in scalars.reversed() {
            let value = scalar.value
            if (0xAC00...0xD7A3).contains(value) {
                let final = (value - 0xAC00) % 28
                return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
            }
            if let digit = Int(String(scalar)), scalar.isASCII {
                // 영 삼 육 end in a consonant; 일 칠 팔 in ㄹ; 이 사 오 구 in a vowel.
                return [0, 3, 6].contains(digit) ? .consonant : [1, 7, 8].contains(digit) ? .rieul : .vowel
            }
            if scalar.properties.isAlphabetic, scalar.isASCII {
                switch Character(scalar).lowercased() {
                case "l": return .rieul
                case "m", "n", "r": return .consonant
                default: return .vowel
                }
            }
        }
        return .vowel
    }
}

extension DefaultStringInterpolation {
    /// `"\(path, particle: .object) 읽을 수 없습니다"`: the value, then its particle.
    package mutating func appendInterpolation(_ value: some CustomStringConvertible, particle: KoreanParticle) {
        let text = value.description
        appendLiteral(text + particle.after(text))
    }
}
