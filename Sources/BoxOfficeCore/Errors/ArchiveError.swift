#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the archive could not be opened, read or written.
/// An app meets it as `BoxOfficeError.archive(_:)`, with the same bilingual description as every
/// other error of the library.
public enum ArchiveError: Error, Sendable, Hashable {
    /// No SQLite could be loaded.
    case sqliteUnavailable(reason: String)
    /// The file is not an SQLite database.
    case notAnArchive(path: String)
    /// The file was written by a newer version of this library.
    case newerSchema(path: String, version: Int64)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// Another process held the file's lock for too long.
    case busy(path: String)
    /// The disk is full.
    case diskFull(path: String)
    /// The file cannot be opened.
    case cannotOpen(path: String)
    /// A statement was refused: it writes, attaches, loads an extension, or is not one statement.
    case refused(reason: String)
    /// A query SQLite could not run: a syntax error, an unknown table or column.
    case invalidQuery(reason: String)
    /// A query ran past its time and was stopped.
    case interrupted
    /// Anything else SQLite said.
    case failed(path: String, reason: String)
    /// Something that is not a regular file (a folder, a FIFO, a device) is at the archive's
    /// path: it was not opened, for SQLite would wait on a FIFO for ever.
    case notAFile(path: String, kind: Words)
    /// The file's tables are not what its schema version promises (a table missing or lacking a
    /// column, a view or a trigger): it was left as it is.
    case unexpectedShape(path: String, detail: Words)
    /// A total over the archive's figures (a period's audience or sales, a group's) is past what
    /// a 64-bit count holds: figures no real chart has, as a hostile server or a hand-edited file
    /// may give. Nothing was answered.
    case totalTooLarge(path: String)
    /// KOBIS's chart of `day` holds a row the schema cannot: `film`, at `row` (from 1), for `reason`.
    /// Nothing of the day was stored.
    case unstorableChart(day: KSTDate, film: String, row: Int, reason: UnstorableRow)

    /// Why a row of a chart could not be stored.
    public enum UnstorableRow: Sendable, Hashable {
        /// The chart lists the film more than once.
        case listedTwice
        /// A count KOBIS documents as a whole number has a fraction.
        case fractionalCount
        /// Anything else SQLite said.
        case other(String)
    }

}

extension ArchiveError: ReportableError, CustomStringConvertible, LocalizedError {
    /// One line a person can act on, in the app's language, as `BoxOfficeError` says it.
    public var description: String {
        Language.$current.withValue(Language.ofThisApp) { message }
    }

    /// The one line in the language of `locale`: Korean for a Korean locale, English for any other.
    public func localized(for locale: Locale) -> String {
        Language.$current.withValue(Language.of(locale: locale.identifier) ?? .en) { message }
    }

    /// The same line, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }

    public var message: String {
        switch self {
        case .sqliteUnavailable(let reason):
            bilingual(
                "The archive needs SQLite: \(reason). Install SQLite 3 (Debian and Ubuntu: libsqlite3-0).",
                "아카이브에는 SQLite가 필요합니다: \(reason). SQLite 3을 설치하세요(Debian·Ubuntu: libsqlite3-0).")
        case .notAnArchive(let path):
            bilingual(
                "\(TerminalText.sanitize(path)) is not an SQLite database, so it was left as it is.",
                "\(TerminalText.sanitize(path), particle: .topic) SQLite 데이터베이스가 아니어서 그대로 두었습니다.")
        case .newerSchema(let path, let version):
            bilingual(
                "\(TerminalText.sanitize(path)) has schema version \(version), newer than this version of the library reads; it was left as it is.",
                "\(TerminalText.sanitize(path))의 스키마 버전(\(version))이 이 라이브러리 버전이 읽는 것보다 새로워 그대로 두었습니다.")
        case .readOnly(let path):
            bilingual("The archive \(TerminalText.sanitize(path)) cannot be written.", "아카이브 \(TerminalText.sanitize(path))에 쓸 수 없습니다.")
        case .busy(let path):
            bilingual(
                "The archive \(TerminalText.sanitize(path)) stayed locked by another process.",
                "다른 프로세스가 아카이브 \(TerminalText.sanitize(path), particle: .object) 계속 잠그고 있습니다.")
        case .diskFull(let path):
            bilingual(
                "The archive \(TerminalText.sanitize(path)) could not grow (a full disk, or a limit on the file's size); it holds what it held before.",
                "아카이브 \(TerminalText.sanitize(path), particle: .object) 늘릴 수 없습니다(디스크가 찼거나 파일 크기 제한). 담고 있던 내용은 그대로입니다.")
        case .cannotOpen(let path):
            bilingual(
                "The archive \(TerminalText.sanitize(path)) cannot be opened.", "아카이브 \(TerminalText.sanitize(path), particle: .object) 열 수 없습니다.")
        case .refused(let reason):
            bilingual("The query was refused: \(TerminalText.sanitize(reason)).", "질의를 거절했습니다: \(TerminalText.sanitize(reason)).")
        case .invalidQuery(let reason):
            bilingual("The query cannot run: \(TerminalText.sanitize(reason)).", "질의를 실행할 수 없습니다: \(TerminalText.sanitize(reason)).")
        case .interrupted:
            bilingual("The query ran past its time and was stopped.", "질의가 허용 시간을 넘겨 멈췄습니다.")
        case .unstorableChart(let day, let film, let row, let reason):
            Self.unstorable(day: day, film: TerminalText.sanitize(film), row: row, reason: reason)
        case .notAFile(let path, let kind):
            bilingual(
                "\(TerminalText.sanitize(path)) is \(kind.english), not an archive file, so it was not opened.",
                "\(TerminalText.sanitize(path))에 있는 것은 아카이브 파일이 아닌 \(kind.korean)입니다. 열지 않았습니다.")
        case .unexpectedShape(let path, let detail):
            bilingual(
                "\(TerminalText.sanitize(path)) is not shaped as an archive of this version (\(TerminalText.sanitize(detail.english))), so it was left as it is.",
                "\(TerminalText.sanitize(path))의 구조가 이 버전의 아카이브와 달라(\(TerminalText.sanitize(detail.korean))) 그대로 두었습니다.")
        case .totalTooLarge(let path):
            bilingual(
                "A total over the figures of \(TerminalText.sanitize(path)) is too large to count (past 9,223,372,036,854,775,807); its figures are not a real chart's.",
                "\(TerminalText.sanitize(path))의 수치를 합한 값이 너무 커서 셀 수 없습니다(9,223,372,036,854,775,807 초과). 실제 박스오피스의 수치가 아닙니다.")
        case .failed(let path, let reason):
            bilingual(
                "The archive \(TerminalText.sanitize(path)) failed: \(TerminalText.sanitize(reason)).",
                "아카이브 \(TerminalText.sanitize(path))에서 오류가 났습니다: \(TerminalText.sanitize(reason)).")
        }
    }
}

extension ArchiveError {
    private static func unstorable(day: KSTDate, film: String, row: Int, reason: UnstorableRow) -> String {
        switch reason {
        case .listedTwice:
            bilingual(
                "KOBIS's chart of \(day.iso) lists film \(film) more than once (row \(row)), so the day was not stored.",
                "KOBIS의 \(day.iso) 박스오피스에 같은 영화(\(film), \(row)행)가 두 번 이상 나와 그날은 보관하지 않았습니다.")
        case .fractionalCount:
            bilingual(
                "KOBIS's chart of \(day.iso) gives film \(film) (row \(row)) a fractional count where it documents a whole number, so the day was not stored.",
                "KOBIS의 \(day.iso) 박스오피스에서 영화 \(film)(\(row)행)의 수치가 정수가 아니어서 그날은 보관하지 않았습니다.")
        case .other(let message):
            bilingual(
                "KOBIS's chart of \(day.iso) could not be stored at film \(film) (row \(row)): \(TerminalText.sanitize(message)).",
                "KOBIS의 \(day.iso) 박스오피스를 영화 \(film)(\(row)행)에서 보관하지 못했습니다: \(TerminalText.sanitize(message)).")
        }
    }
}
