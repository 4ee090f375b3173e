#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text a person reads, in English and in Korean: a reason inside one of the library's errors
/// ("connection refused", "it is HTML"), or in the tool a command's abstract or a column's
/// heading. It is written in the language of the sentence around it when that is written, so an
/// error made before an app chose its language still reads whole in it, never an English piece
/// inside a Korean sentence.
public struct Words: Sendable, Hashable, CustomStringConvertible {
    /// The English.
    public let english: String
    /// The Korean.
    public let korean: String

    /// A text in both languages.
    public init(_ english: String, _ korean: String) {
        self.english = english
        self.korean = korean
    }

    /// A text that reads the same in both: a name the user gave, such as a column of their SQL.
    public init(verbatim text: String) {
        self.init(text, text)
    }

    /// The text in the language being written (`description` of an error sets it).
    package var text: String {
        Language.current == .ko ? korean : english
    }

    /// The text in the language being written: English unless the sentence around it is Korean.
    public var description: String { text }

    /// Why a system call failed: the C library's words in English, and in Korean the common
    /// reasons a file cannot be read or written (the C library has no Korean without a locale).
    package static func system(_ code: Int32) -> Words {
        let english = String(cString: strerror(code))
        let korean: String =
            switch code {
            case EACCES, EPERM: "권한이 없습니다"
            case ENOENT: "그런 파일이나 폴더가 없습니다"
            case ENOTDIR: "경로의 일부가 폴더가 아닙니다"
            case EISDIR: "폴더입니다"
            case EROFS: "읽기 전용 파일 시스템입니다"
            case ENOSPC: "디스크에 남은 공간이 없습니다"
            case EDQUOT: "디스크 할당량을 넘었습니다"
            case EEXIST: "이미 있습니다"
            case ELOOP: "심볼릭 링크가 너무 많이 이어집니다"
            case ENAMETOOLONG: "이름이 너무 깁니다"
            case EFBIG: "파일이 허용된 크기를 넘습니다"
            case EIO: "입출력 오류입니다"
            case EBUSY: "사용 중입니다"
            case EMFILE, ENFILE: "열린 파일이 너무 많습니다"
            default: english
            }
        return Words(english, korean)
    }
}
