@testable import BoxOfficeApp
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
        Self.expectLineLengths(try Data(contentsOf: message))

        // Without --mail-from: a From of the user at this machine, as RFC 5322 asks; in Korean too.
        let plain = folder.appendingPathComponent("plain.eml")
        let unsigned = try await BinaryRunner(kobisURL: kobis.baseURL).run(
            ["report", "--date", "20230818", "--format", "email", "--mail-to", "team@example.com", "--lang", "ko", "--output", plain.path],
            extraEnvironment: ["LOGNAME": "cron"])
        #expect(unsigned.status == 0, "\(unsigned.stderr)")
        let raw = try Data(contentsOf: plain)
        #expect(
            String(decoding: raw, as: UTF8.self).contains("\nFrom: \"boxoffice\" <cron@")
                || String(decoding: raw, as: UTF8.self).hasPrefix("From: \"boxoffice\" <cron@"))
        Self.expectLineLengths(raw)
        let korean = try await Self.check(plain, in: folder, subject: "2023년 8월 18일(금) 박스오피스 리포트", recipients: ["team@example.com"])
        let text = try #require(korean["text"] as? String)
        let widest = text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
        #expect(widest <= 78, "the plain text fits 78 columns, not \(widest):\n\(text)")

        let bad = try await BinaryRunner(kobisURL: kobis.baseURL).run([
            "report", "--date", "20230818", "--format", "email", "--mail-to", "a@example.com\nBcc: spy@example.com",
        ])
        BinaryRunner.expectFailure(bad, status: 64, mentioning: ["--mail-to"])
    }

    /// RFC 5322: no line past 78 octets (headers, boundaries, base64 alike); RFC 2047: no encoded
    /// word past 75 characters.
    static func expectLineLengths(_ message: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in message.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            #expect(line.count <= 78, "\(line.count) octets: \(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        let text = String(decoding: message, as: UTF8.self)
        for word in text.matches(of: /=\?UTF-8\?B\?[A-Za-z0-9+\/=]*\?=/) {
            #expect(word.output.count <= 75, "an encoded word of \(word.output.count): \(word.output)", sourceLocation: sourceLocation)
        }
    }

    /// A PNG of `count` bytes in all, each byte after its signature `filler`.
    static func png(_ count: Int, filler: UInt8 = 7) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: filler, count: count - 8))
    }

    /// Poster images of `imageBytes` served over https by a TLS front, the Kakao fixtures naming
    /// them (with `apiDataURI` first in every answer, a portrait image, when given), and KOBIS's
    /// recordings; the binary trusts the front's authority.
    struct PosterWorld {
        let state: BinaryRunner
        let environment: [String: String]
        let images: LoopbackServer
        let imageBase: String
        let stop: () -> Void

        init(imageBytes: Int, apiDataURI: String? = nil) async throws {
            let poster = MailReportTests.png(imageBytes)
            let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: poster) }
            let certificates = try await TestCertificates()
            let front = try await TLSFront(serving: images, as: certificates.loopback)
            let imageHost = front.baseURL
            let first = apiDataURI.map { address in
                Data(
                    (#"{"collection":"blog","doc_url":"https://blog.example.invalid/d","width":600,"height":900,"image_url":""# + address
                        + #"","thumbnail_url":""# + address + #""},"#).utf8)
            }
            let kakao = try LoopbackServer { request in
                var response = StubResponse.recorded(request)
                guard request.path == "/v2/search/image" else { return response }
                var body = Data(
                    String(decoding: response.body, as: UTF8.self).replacing("https://example-images.invalid", with: imageHost).utf8)
                if let first, let documents = body.range(of: Data(#""documents":["#.utf8)) {
                    body.insert(contentsOf: first, at: documents.upperBound)
                }
                response.body = body
                return response
            }
            let kobis = try LoopbackServer(handler: StubResponse.recorded)
            state = BinaryRunner(kobisURL: kobis.baseURL, kakaoURL: kakao.baseURL)
            environment = ["SSL_CERT_FILE": certificates.authority.path]
            self.images = images
            imageBase = front.baseURL + "/"
            stop = {
                front.stop()
                [images, kakao, kobis].forEach { $0.stop() }
                _ = certificates
            }
        }
    }

    static let enoughTools = TestTools.run(with: ["python3", "openssl"])

    @Test(.enabled(if: enoughTools, "python3 or openssl is not installed; run .ci/install-test-tools"))
    func bigPostersEmbedInRankOrderWithinTheMailBudgetAndTheRestAreLinked() async throws {
        // Nine posters of 4 MB: as parts they would make a message of 49 MB.
        let world = try await PosterWorld(imageBytes: 4_000_000)
        defer { world.stop() }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (budget, embedded) in [(nil, 1), ("12000000", 2)] as [(String?, Int)] {
            let message = folder.appendingPathComponent("report-\(embedded).eml")
            let run = try await world.state.run(
                [
                    "report", "--date", "20230818", "--format", "email", "--embed-posters", "--mail-to", "team@example.com", "--output",
                    message.path,
                ] + (budget.map { ["--mail-budget", $0] } ?? []), extraEnvironment: world.environment)
            #expect(run.status == 0, "\(run.stderr)")
            let limit = budget.flatMap { Int($0) } ?? 9_000_000
            let grouped = limit == 9_000_000 ? "9,000,000" : "12,000,000"
            #expect(
                run.stderr.hasPrefix(
                    "Warning: \(9 - embedded) posters stay links: a mail message may take \(grouped) bytes in all, headers and base64 included (--mail-budget).\n"
                ), "\(run.stderr)")
            let summary = try await Self.check(message, in: folder, subject: "Box office report, 2023-08-18 (Fri)", recipients: ["team@example.com"])
            let size = try #require(summary["size"] as? Int)
            #expect(size <= limit && size > embedded * 5_300_000, "\(size) bytes within \(limit), the posters in it")
            #expect((summary["image_sizes"] as? [String: Int])?.values.sorted() == Array(repeating: 4_000_000, count: embedded))
            // In rank order: the first posters are parts, the later ones linked by their https address.
            let sources = try #require(summary["sources"] as? [String])
            #expect(sources.count == 9, "\(sources)")
            #expect(sources.prefix(embedded).allSatisfy { $0.hasPrefix("cid:") }, "\(sources)")
            #expect(sources.dropFirst(embedded).allSatisfy { $0.hasPrefix(world.imageBase) }, "\(sources)")
            let text = try #require(summary["text"] as? String)
            let note = "Some posters are linked rather than attached, to keep this message within \(grouped) bytes."
            let html = try String(contentsOf: folder.appendingPathComponent("mail.html"), encoding: .utf8)
            // The plain text is laid out in 78 columns: the note may wrap.
            #expect(text.replacing("\n", with: " ").contains(note) && html.contains(note), "\(text)")
            #expect(text.components(separatedBy: " attached\n").count - 1 == embedded, "\(text)")
            #expect(text.components(separatedBy: world.imageBase).count - 1 == 9 - embedded, "the linked ones by address")
        }
        BinaryRunner.expectFailure(
            try await world.state.run(["report", "--date", "20230818", "--format", "html", "--embed-posters", "--mail-budget", "12000000"]),
            status: 64,
            mentioning: ["--mail-budget is for --format email with --embed-posters."])
        BinaryRunner.expectFailure(
            try await world.state.run([
                "report", "--date", "20230818", "--format", "email", "--mail-to", "a@example.com", "--embed-posters", "--mail-budget", "9e6",
            ]), status: 64, mentioning: ["--mail-budget"])
    }

    @Test(.enabled(if: enoughTools, "python3 or openssl is not installed; run .ci/install-test-tools"))
    func aPosterTooBigForAnyMailOfTheBudgetIsLinkedWithEveryOneAfterIt() async throws {
        // 7 MB of image is 9.4 MB of base64: no message of 9,000,000 bytes can hold it.
        let world = try await PosterWorld(imageBytes: 7_000_000)
        defer { world.stop() }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("report.eml")
        let run = try await world.state.run(
            ["report", "--date", "20230818", "--format", "email", "--embed-posters", "--mail-to", "team@example.com", "--output", message.path],
            extraEnvironment: world.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Warning: 9 posters stay links: a mail message may take 9,000,000 bytes in all"), "\(run.stderr)")
        let summary = try await Self.check(message, in: folder, subject: "Box office report, 2023-08-18 (Fri)", recipients: ["team@example.com"])
        #expect((summary["images"] as? [String: String])?.isEmpty == true && (summary["size"] as? Int ?? .max) < 200_000)
        #expect((summary["sources"] as? [String])?.filter { $0.hasPrefix(world.imageBase) }.count == 9, "every poster linked")
        #expect(world.images.requestCount <= 4, "one wave of downloads, none after the first that did not fit")
    }

    @Test(.enabled(if: enoughTools, "python3 or openssl is not installed; run .ci/install-test-tools"))
    func aDataURIFromTheImageSearchIsNeverAPartNorAnImage() async throws {
        // Every search answers first with a portrait data: image of 300 KB, then the fixtures' images.
        let dataURI = "data:image/png;base64," + Self.png(300_000, filler: 9).base64EncodedString()
        let world = try await PosterWorld(imageBytes: 1_000, apiDataURI: dataURI)
        defer { world.stop() }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["report", "--date", "20230818", "--format", "email", "--mail-to", "team@example.com"]
        for posters in ["--posters", "--embed-posters"] {
            let message = folder.appendingPathComponent("report\(posters).eml")
            let run = try await world.state.run(base + [posters, "--output", message.path], extraEnvironment: world.environment)
            #expect(run.status == 0 && !run.stderr.contains("Warning"), "\(posters): \(run.stderr)")
            let summary = try await Self.check(message, in: folder, subject: "Box office report, 2023-08-18 (Fri)", recipients: ["team@example.com"])
            let sources = try #require(summary["sources"] as? [String])
            #expect(
                sources.count == 9 && (summary["size"] as? Int ?? .max) < 200_000, "\(posters): \(sources.count) images, \(summary["size"] ?? "")")
            if posters == "--posters" {
                #expect(sources.allSatisfy { $0.hasPrefix(world.imageBase) } && (summary["images"] as? [String: String])?.isEmpty == true)
            } else {
                // Each part is the image downloaded from its address, never the API's data: bytes.
                #expect(sources.allSatisfy { $0.hasPrefix("cid:") })
                #expect((summary["image_sizes"] as? [String: Int])?.values.allSatisfy { $0 == 1_000 } == true)
            }
        }
        #expect(world.images.requestCount == 9, "only --embed-posters downloads, each poster once")
        for format in ["html", "json"] {
            let run = try await world.state.run(
                ["report", "--date", "20230818", "--format", format, "--posters"], extraEnvironment: world.environment)
            #expect(run.status == 0 && !run.stdout.contains("data:image") && run.stdout.contains(world.imageBase), "\(format)")
        }
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
            const title = [...rows[0].cells].find(cell => getComputedStyle(cell).fontWeight == '700');
            const style = getComputedStyle(title);
            const tallest = Math.max(...rows.map(r => r.getBoundingClientRect().height));
            document.body.setAttribute('data-measure', [rows.length, Math.round(title.getBoundingClientRect().width), style.fontWeight,
              parseFloat(style.fontSize), Math.round(tallest), document.documentElement.scrollWidth <= width, style.wordBreak].join(' '));
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
            #expect(values.count == 7, "\(values)")
            guard values.count == 7 else { continue }
            #expect(values[6] == "keep-all", "\(name) at \(width): Hangul titles break between words, not inside them")
            #expect(values[0] == "10", "\(name) at \(width): ten movie rows")
            #expect((Int(values[1]) ?? 0) >= 60, "\(name) at \(width): the title has room, \(values[1]) px")
            #expect(values[2] == "700" && (Double(values[3]) ?? 0) >= 13, "\(name) at \(width): the title bold and readable")
            #expect((Int(values[4]) ?? .max) <= 150, "\(name) at \(width): a movie a row, not a nine-row card (\(values[4]) px)")
            // Gmail-class clients strip <style>: the page fits a phone all the same.
            #expect(values[5] == "true", "\(name) at \(width): nothing wider than the window")
            let figures = ["Total", "Share", "Screens", "2,218,295", "36.9%", "1,611"]
            #expect(figures.allSatisfy { dom.contains($0) }, "\(name) at \(width): every figure is on the page")
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
                #expect(
                    out.contains(#"\*x\* \[l\](http\#u{2060}://evil) \`c\` \<img src=x onerror=alert(1)\> @\#u{2060}everyone \<!channel\>"#), "\(out)"
                )
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
