import Foundation
import Testing

/// The HTML report rendered in headless Chromium at a phone's and a desktop's width: a screenshot
/// is taken, the DOM dumped, and the page holds ten rows, a sparkline a movie, nothing wider than
/// the viewport, no console error, and hostile titles only as text.
@Suite(.serialized)
struct ChromiumReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static func chromium(_ arguments: [String]) async throws -> (stdout: String, stderr: String) {
        let run = try await ProgramRun.run(
            chromium ?? "/usr/bin/chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--enable-logging=stderr", "--v=0",
            ] + arguments)
        return (run.stdout, run.stderr)
    }

    /// The report of 2023-08-18 with one title made hostile.
    static func page(in folder: URL) async throws -> URL {
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
        let server = try LoopbackServer { request in
            var response = StubResponse.recorded(request)
            if request.query["targetDt"] == "20230818" {
                response.body = Data(
                    String(decoding: response.body, as: UTF8.self)
                        .replacingOccurrences(
                            of: "\"movieNm\":\"밀수\"", with: "\"movieNm\":\"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))\""
                        ).utf8)
            }
            return response
        }
        defer { server.stop() }
        let file = folder.appendingPathComponent("report.html")
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["report", "--date", "20230818", "--format", "html", "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        return file
    }

    /// A copy without the CSP and with a script that records what overflows the viewport.
    static func instrumented(_ file: URL) throws -> URL {
        let measure = """
            <script>
            const width = document.documentElement.clientWidth;
            const wide = [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.right > width + 0.5 || r.left < -0.5; });
            document.body.setAttribute('data-overflow', wide.length + ' ' + (document.documentElement.scrollWidth > width) + ' ' + wide.map(e => e.tagName).join(','));
            </script>
            """
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: #"<meta http-equiv="Content-Security-Policy""#, with: "<meta name=\"removed-for-measuring\"")
            .replacingOccurrences(of: "</body>", with: measure + "</body>")
        let copy = file.deletingLastPathComponent().appendingPathComponent("measured.html")
        try Data(text.utf8).write(to: copy)
        return copy
    }

    @Test(.enabled(if: chromium != nil, "Chromium is not installed; run .ci/install-test-tools"), arguments: [390, 1280])
    func theReportRendersCleanlyAt(width: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await Self.page(in: folder)
        let size = "--window-size=\(width),1600"
        let screenshot = folder.appendingPathComponent("report-\(width).png")
        let shot = try await Self.chromium([size, "--screenshot=\(screenshot.path)", file.absoluteString])
        #expect(((try? FileManager.default.attributesOfItem(atPath: screenshot.path))?[.size] as? Int ?? 0) > 10_000, "screenshot")
        let dom = try await Self.chromium([size, "--dump-dom", file.absoluteString])
        #expect(dom.stdout.components(separatedBy: "<tr>").count - 1 == 1 + 10, "a header row and ten movies")
        #expect(dom.stdout.components(separatedBy: "<svg").count - 1 == 10, "a sparkline a movie")
        #expect(!dom.stdout.contains("<script") && !dom.stdout.contains("<img src=\"x\""), "the hostile title stayed text")
        #expect(dom.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        for log in [shot.stderr, dom.stderr] {
            #expect(!log.contains("CONSOLE") && !log.contains("Refused to"), "console: \(log)")
        }
        let measured = try await Self.chromium([size, "--virtual-time-budget=2000", "--dump-dom", try Self.instrumented(file).absoluteString])
        let overflow = measured.stdout.firstMatch(of: /data-overflow="([^"]*)"/).map { String($0.1) }
        #expect(overflow?.hasPrefix("0 false") == true, "wider than \(width) px: \(overflow ?? "not measured")")
    }
}
