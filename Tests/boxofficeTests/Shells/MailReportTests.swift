import Foundation
import Testing

/// `report --format email` read by a real MIME parser (Python's `email` package, through
/// Tests/Mail/check_message.py) and its HTML part drawn by headless Chromium with and without its
/// `<style>`; a hostile title through every format of the real binary.
@Suite(.serialized)
struct MailReportTests {
    static let hostile = "*x* [l](http://evil) `c` <img src=x onerror=alert(1)> @everyone <!channel>"
    static let checker = BinaryRunner.repositoryRoot.appendingPathComponent("Tests/Mail/check_message.py").path

    /// A server answering from the recordings, with 밀수 retitled `hostile` on 2023-08-18.
    static func hostileServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            var response = StubResponse.recorded(request)
            if request.query["targetDt"] == "20230818" {
                let escaped = hostile.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                response.body = Data(
                    String(decoding: response.body, as: UTF8.self)
                        .replacingOccurrences(of: "\"movieNm\":\"밀수\"", with: "\"movieNm\":\"\(escaped)\"").utf8)
            }
            return response
        }
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs the checker; its JSON summary, or a recorded failure with its reason.
    static func check(_ message: URL, in folder: URL, subject: String, recipients: [String]) async throws -> [String: Any] {
        let run = try await ProgramRun.run(try TestTools.require("python3"), [checker, message.path, folder.path, subject] + recipients)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: TestTools.run(with: ["python3"]), "python3 is not installed; run .ci/install-test-tools"))
    func theMailMessageParsesWithPythonsEmailPackageWithCidPosters() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: png) }
        defer { images.stop() }
        let kakao = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { kakao.stop() }
        let kobis = try LoopbackServer(handler: StubResponse.recorded)
        defer { kobis.stop() }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("report.eml")
        let subject = "박스오피스 8월 18일 *아침* 보고 — a subject long enough to need more than one encoded word"
        let run = try await BinaryRunner(kobisURL: kobis.baseURL, kakaoURL: kakao.baseURL).run(
            [
                "report", "--date", "20230818", "--format", "email", "--embed-posters", "--mail-to", "Team <team@example.com>",
                "--mail-to", "boss@example.org", "--mail-from", "박스 <bot@example.net>", "--subject", subject, "--output", message.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try await Self.check(message, in: folder, subject: subject, recipients: ["team@example.com", "boss@example.org"])
        let cids = try #require(summary["cids"] as? [String])
        #expect(!cids.isEmpty && (summary["images"] as? [String: String])?.count == cids.count, "each poster a cid: part")
        #expect((summary["text"] as? String)?.hasPrefix("Box office report, 2023-08-18 (Fri)\n") == true, "the text alternative")

        let bad = try await BinaryRunner(kobisURL: kobis.baseURL).run([
            "report", "--date", "20230818", "--format", "email", "--mail-to", "a@example.com\nBcc: spy@example.com",
        ])
        BinaryRunner.expectFailure(bad, status: 64, mentioning: ["--mail-to"])
    }

    @Test(
        .enabled(
            if: TestTools.isCI || (TestTools.path(of: "python3") != nil && ChromiumReportTests.chromium != nil),
            "python3 or Chromium is not installed; run .ci/install-test-tools"),
        arguments: [390, 800])
    func theMailHTMLReadsAsATableWithAndWithoutItsStyle(width: Int) async throws {
        _ = try #require(ChromiumReportTests.chromium, "Chromium is missing; .ci/install-test-tools installs it")
        let server = try Self.hostileServer()
        defer { server.stop() }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("report.eml")
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(
            ["report", "--date", "20230818", "--format", "email", "--mail-to", "team@example.com", "--output", message.path])
        #expect(run.status == 0, "\(run.stderr)")
        _ = try await Self.check(message, in: folder, subject: "Box office report, 2023-08-18 (Fri)", recipients: ["team@example.com"])
        let measure = """
            <script>
            const width = document.documentElement.clientWidth;
            const table = [...document.querySelectorAll('table')].find(t => t.tHead);
            const rows = [...table.tBodies[0].rows];
            const title = rows[0].querySelectorAll('td')[2];
            const style = getComputedStyle(title);
            const tallest = Math.max(...rows.map(r => r.getBoundingClientRect().height));
            document.body.setAttribute('data-measure', [rows.length, Math.round(title.getBoundingClientRect().width), style.fontWeight,
              parseFloat(style.fontSize), Math.round(tallest), document.documentElement.scrollWidth <= width].join(' '));
            </script>
            """
        for name in ["mail.html", "mail-nostyle.html"] {
            let page = folder.appendingPathComponent(name)
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(name == "mail.html" ? html.contains("<style>") : !html.contains("<style"))
            let size = "--window-size=\(width),1400"
            let screenshot = folder.appendingPathComponent("\(name)-\(width).png")
            _ = try await ChromiumReportTests.chromium([size, "--screenshot=\(screenshot.path)", page.absoluteString])
            let bytes = (try? FileManager.default.attributesOfItem(atPath: screenshot.path))?[.size] as? Int ?? 0
            #expect(bytes > 10_000, "\(name) at \(width): a screenshot with something drawn, \(bytes) bytes")
            let dom = try await ChromiumReportTests.chromium([size, "--dump-dom", page.absoluteString]).stdout
            #expect(dom.contains("콘크리트 유토피아") && dom.contains("&lt;img src=x onerror=alert(1)&gt;") && !dom.contains("<img src=\"x\""))
            let measuredPage = folder.appendingPathComponent("measured-\(name)")
            try Data(html.replacingOccurrences(of: "</body>", with: measure + "</body>").utf8).write(to: measuredPage)
            let measured = try await ChromiumReportTests.chromium([size, "--virtual-time-budget=2000", "--dump-dom", measuredPage.absoluteString])
                .stdout
            let values = try #require(
                measured.firstMatch(of: /data-measure="([^"]*)"/).map { $0.1.split(separator: " ").map(String.init) }, "not measured")
            #expect(values.count == 6, "\(values)")
            guard values.count == 6 else { continue }
            #expect(values[0] == "10", "\(name) at \(width): ten movie rows")
            #expect((Int(values[1]) ?? 0) >= 60, "\(name) at \(width): the title has room, \(values[1]) px")
            #expect(values[2] == "700" && (Double(values[3]) ?? 0) >= 13, "\(name) at \(width): the title bold and readable")
            #expect((Int(values[4]) ?? .max) <= 150, "\(name) at \(width): a movie a row, not a nine-row card (\(values[4]) px)")
            if name == "mail.html" || width >= 800 { #expect(values[5] == "true", "\(name) at \(width): nothing wider than the window") }
        }
    }

    @Test func aHostileTitleStaysTextInEveryFormat() async throws {
        let server = try Self.hostileServer()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        for format in ["text", "markdown", "html", "email", "slack", "discord", "json"] {
            let extra = format == "email" ? ["--mail-to", "team@example.com"] : []
            let run = try await state.run(["report", "--date", "20230818", "--format", format] + extra)
            #expect(run.status == 0, "\(format): \(run.stderr)")
            let out = run.stdout
            switch format {
            case "text", "json":
                #expect(
                    out.contains(format == "json" ? "\"*x* [l](http://evil) `c` <img src=x onerror=alert(1)> @everyone <!channel>\"" : Self.hostile))
            case "markdown":
                #expect(out.contains(#"\*x\* \[l\](http://evil) \`c\` \<img src=x onerror=alert(1)\> \@everyone \<!channel\>"#), "\(out)")
            case "html":
                #expect(out.contains("*x* [l](http://evil) `c` &lt;img src=x onerror=alert(1)&gt; @everyone &lt;!channel&gt;"))
            case "email":
                #expect(!out.contains("onerror") && out.utf8.allSatisfy { $0 < 128 }, "every body encoded")
            case "slack":
                let payload = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
                #expect((payload["blocks"] as? [Any])?.isEmpty == false && !out.contains("<!channel") && out.contains("&lt;!channel&gt;"))
            default:
                let payload = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
                let content = try #require(payload["content"] as? String)
                #expect(content.contains(#"\*x\* \[l\]\(http\://evil\) \`c\` \<img src=x onerror=alert\(1\)\> @"#) && !content.contains("@everyone"))
                #expect(((payload["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
            }
        }
    }
}
