import BoxOfficeCore
/// The tool's documented exit codes (sysexits.h where one fits): `help exit-codes` prints this
/// table, and the README's is checked against it. `ErrorText.exitCode(for:)` gives each error its code.
package enum ExitCode: Int32, CaseIterable, Sendable {
    /// Exit 0.
    case success = 0
    /// Exit 1.
    case notFound = 1
    /// Exit 5, as `git config --unset` of a name that is not set.
    case nothingToUnset = 5
    /// Exit 23, as rsync's partial transfer.
    case partial = 23
    /// Exit 64.
    case usage = 64
    /// Exit 65.
    case malformedResponse = 65
    /// Exit 69.
    case unavailable = 69
    /// Exit 70.
    case internalError = 70
    /// Exit 73.
    case cannotCreateOutput = 73
    /// Exit 75.
    case tryLater = 75
    /// Exit 77.
    case keyRejected = 77
    /// Exit 78.
    case configuration = 78
    /// Exit 129.
    case hangUp = 129
    /// Exit 130.
    case interrupted = 130
    /// Exit 143.
    case terminated = 143

    /// What the code means, word for word as `help exit-codes` and the README's table say it.
    package var meaning: String {
        bilingual(english, korean)
    }

    /// The Korean of `meaning`, for a Korean run's `help exit-codes`.
    private var korean: String {
        switch self {
        case .success: "성공."
        case .notFound: "없음: 알 수 없는 영화·영화인·영화사 코드, 포스터 이미지 없음, 또는 아직 물어볼 아카이브가 없음."
        case .nothingToUnset: "지울 것이 없음: config unset에 준 서비스의 키가 설정 파일에 없습니다(git config --unset처럼). 아무것도 바꾸지 않았습니다."
        case .partial: "일부 결과(--keep-going): 범위 조회에서 받은 박스오피스는 출력했고, 받지 못한 것은 stderr에 밝히고 JSON에 표시했습니다."
        case .usage:
            "사용법 오류: 잘못된 명령어, 옵션, 값, 날짜 또는 범위. 아무것도 요청하지 않았습니다(--to가 개봉일보다 이른 trend의 영화 상세 정보는 예외). 거절된 아카이브 질의(쓰기, ATTACH, 확장 불러오기)나 실행할 수 없는 질의(문법 오류, 2초 초과)도 여기에 듭니다."
        case .malformedResponse:
            "잘못된 응답: HTML, 올바르지 않은 JSON, API 문서에 없는 필드, 10편이 넘는 박스오피스나 2^53을 넘는 수치, 올바른 HTTP가 아닌 응답(64 KiB를 넘는 헤더 포함)이나 풀 수 없는 압축, 다른 질문에 대한 답, 크기 한도를 넘는 본문(API 응답 8 MiB, 이미지 20 MiB), 또는 이미지가 아닌 포스터. 아카이브에 보관할 수 없는 일별 박스오피스(같은 영화가 두 번, 정수가 아닌 수치. 다른 날들은 보관함)와, archive check가 찾은 맞지 않는 수치(출력함)도 여기에 듭니다."
        case .unavailable:
            "서비스를 쓸 수 없음: 연결 거부, 알 수 없는 호스트, HTTP 5xx, 다른 출처나 http로의 리디렉션(또는 한 번에 열 번 넘는 리디렉션), 그 밖의 API 오류, 요청에 쓸 libcurl 없음, 또는 아카이브에 쓸 SQLite 없음."
        case .internalError: "내부 오류: boxoffice의 버그, 또는 표준 출력에 쓸 수 없음."
        case .cannotCreateOutput:
            "출력을 만들 수 없음: 일반 파일이 아니거나 읽기 전용이거나 안전하게 쓰기엔 이름이 너무 길거나 폴더가 없거나 쓸 수 없는 --download, -o/--output 대상, 만들거나 쓸 수 없는 --record 폴더, 긴 범위를 출력 전까지 담기에 너무 찬 $TMPDIR, 또는 쓸 수 없는 호출 장부(일반 파일이 아니거나 쓸 수 없거나 다른 프로세스가 --timeout보다 오래 잠금, 요청은 보내지 않음), 또는 SQLite 데이터베이스가 아니거나 더 새 스키마이거나 읽기 전용이거나 디스크가 찼거나 잠긴 아카이브(그대로 둠)."
        case .tryLater:
            "나중에 다시: 시간 초과, HTTP 429, 일일 호출 한도(서비스 또는 boxoffice 집계), 오늘 남은 호출보다 많은 호출이 드는 범위, 아직 자료가 없는 박스오피스, 예산을 다 쓴 아카이브 동기화(다시 실행하면 이어 감), 또는 --strict에서 아카이브에 빠진 날이 있는 기간."
        case .keyRejected: "서비스가 API 키를 거부했습니다."
        case .configuration: "설정: API 키 없음, 읽을 수 없거나 잘못된 설정 파일(줄 번호를 밝힘)이나 설정, 또는 --replay 폴더에 기록 없음."
        case .hangUp: "SIGHUP(터미널이 사라짐)으로 멈춤. 아무것도 출력하지 않았고 임시 파일도 남지 않았습니다."
        case .interrupted: "중단됨(Ctrl-C). 아무것도 출력하지 않았고 임시 파일도 남지 않았습니다."
        case .terminated: "SIGTERM으로 멈춤. 아무것도 출력하지 않았고 임시 파일도 남지 않았습니다."
        }
    }

    /// What the code means, word for word as the README's table says it.
    var english: String {
        switch self {
        case .success: "Success."
        case .notFound: "Not found: an unknown movie, person or company code, no poster image, or no archive yet to ask."
        case .nothingToUnset:
            "Nothing to unset: config unset of a service whose key the config file does not hold (as git config --unset). Nothing was changed."
        case .partial:
            "Partial result (--keep-going): the charts of a range that arrived were printed; those that did not are named on stderr and marked in JSON."
        case .usage:
            "Usage error: a bad command, option, value, date or range. Nothing was requested (but the movie's details, for a trend whose --to is before the opening). Also an archive query that is refused (it writes, attaches or loads an extension) or cannot run (a syntax error, or past its 2 s)."
        case .malformedResponse:
            "Malformed response: HTML, invalid JSON or fields the API does not document, a chart of more than 10 movies or a figure past 2^53, an answer that is not valid HTTP (headers past 64 KiB included) or whose compression cannot be decoded, an answer to another question, a body past its size limit (8 MiB for API answers, 20 MiB for images), or a poster download that is not an image. Also a daily chart the archive cannot store (a film listed twice, a fractional count; the other days are archived), and archive check finding figures that do not add up (printed)."
        case .unavailable:
            "Service unavailable: connection refused, unknown host, HTTP 5xx, a redirect to another origin or to plain http (or more than ten within one), another API error, no libcurl to make requests with, or no SQLite for the archive."
        case .internalError: "Internal error: a bug in boxoffice, or standard output that could not be written."
        case .cannotCreateOutput:
            "Cannot create output: a --download or -o/--output target that is not a regular file, is read-only, has a name too long to be written safely, or whose folder is missing or not writable; a --record folder that cannot be created or written; a $TMPDIR too full to hold a long range until it is printed; or a quota ledger that cannot be used: not a regular file, not writable, or locked by another process for longer than --timeout (nothing was sent); or an archive that is not an SQLite database, of a newer schema, read-only, on a full disk or locked (it is left as it was)."
        case .tryLater:
            "Try later: a timeout, HTTP 429, the daily call limit (the service's or boxoffice's count), a range that needs more calls than are left today, a chart with no data yet, an archive sync that spent its budget (run it again to go on), or with --strict a period the archive lacks days of."
        case .keyRejected: "The service rejected the API key."
        case .configuration:
            "Configuration: a missing API key, an unreadable or malformed config file (naming the line) or setting, or no recording in the --replay folder."
        case .hangUp: "Stopped by SIGHUP (the terminal went away). Nothing was printed; no temporary file is left."
        case .interrupted: "Interrupted (Ctrl-C). Nothing was printed; no temporary file is left."
        case .terminated: "Stopped by SIGTERM. Nothing was printed; no temporary file is left."
        }
    }
}

package extension ExitCode {
    /// Which code a run of several failures ends with: the lowest number wins. A rejected key or
    /// a bad set-up matters more than a slow server. A switch, so a new code cannot be left out.
    var severity: Int {
        switch self {
        case .keyRejected: 0
        case .configuration: 1
        case .usage: 2
        case .internalError: 3
        case .cannotCreateOutput: 4
        case .malformedResponse: 5
        case .unavailable: 6
        case .tryLater: 7
        case .notFound: 8
        case .nothingToUnset: 9
        case .partial: 10
        case .interrupted, .terminated, .hangUp: 11
        case .success: 12
        }
    }
}
