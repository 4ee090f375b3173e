import Foundation
import Testing

/// `boxoffice help --man`, read as a user reads it: piped to `man -l -`, as the README says.
struct ManPageEndToEndTests {
    @Test(.enabled(if: TestTools.run(with: ["man", "groff"]), "man and groff are not installed"))
    func theManualRendersInManWithEveryCommandAndNoWarning() async throws {
        let state = BinaryRunner()
        let man = try TestTools.require("man")
        let folder = state.home
        let binary = BinaryRunner.binary.path
        let rendered = try await Subprocess.run(
            ["/bin/sh", "-c", "'\(binary)' help --man | MANWIDTH=80 '\(man)' -l - 2>&1"], in: folder,
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "MANPAGER": "cat"], inheriting: false)
        #expect(rendered.status == 0, "\(rendered.output)")
        for words in [
            "BOXOFFICE(1)", "NAME", "boxoffice daily [<options>]", "boxoffice archive sync", "--keep-going", "EXIT STATUS", "ENVIRONMENT", "FILES",
            "~/.local/share/boxoffice/archive.sqlite3", "2026-11-27",
        ] {
            #expect(rendered.output.contains(words), "\(words) is not in the page")
        }
        #expect(!rendered.output.contains("troff:") && !rendered.output.contains("man:"), "\(rendered.output.prefix(500))")
        // Strictly: groff with every warning on, the page as man decodes it (UTF-8).
        let strict = try await Subprocess.run(
            ["/bin/sh", "-c", "'\(binary)' help --man | groff -k -man -Tutf8 -ww -z 2>&1"], in: folder,
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path], inheriting: false)
        #expect(strict.status == 0 && strict.output.isEmpty, "\(strict.output.prefix(800))")
        // In Korean too.
        let korean = try await Subprocess.run(
            ["/bin/sh", "-c", "'\(binary)' help --man --lang ko | MANWIDTH=80 '\(man)' -l - 2>&1"], in: folder,
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "MANPAGER": "cat"], inheriting: false)
        #expect(korean.output.contains("일별 박스오피스"), "\(korean.output.prefix(800))")
        for words in ["이름", "사용법", "종료 코드", "환경 변수", "파일", "예시", "KOBIS 키. 설정 파일의 것보다 앞섭니다."] {
            #expect(korean.output.contains(words), "\(words) is not in the Korean page")
        }
        #expect(!korean.output.contains("ENVIRONMENT") && !korean.output.contains("EXIT STATUS"), "\(korean.output.prefix(400))")
    }
}
