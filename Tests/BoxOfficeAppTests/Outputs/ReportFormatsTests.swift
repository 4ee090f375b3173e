@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import TestSupport
import Testing

/// The report in every format with titles made to attack each markup, and the webhook payloads
/// and the mail message held to their services' limits.
struct ReportFormatsTests {
    static let hostile = "*x* [l](http://evil) `c` <img src=x onerror=alert(1)> @everyone <!channel> # h _u_ ~s~ & | \\"

    /// Ten movies, each titled with `title` and its rank.
    static func report(title: String = hostile, posters: [String?] = []) -> DailyReport {
        let date = KSTDate(year: 2023, month: 8, day: 18)!
        let days = (0..<7).map { date.adding(days: $0 - 6) }
        let movies = (1...10).map { rank in
            DailyReport.Movie(
                rank: rank, rankIntensity: rank % 3 - 1, previousRank: rank + 1, isNew: rank == 10, code: "c\(rank)", title: "\(title) \(rank)",
                daysSinceOpening: rank == 10 ? 58 : rank, audience: Int64(100_000 / rank), audienceTotal: Int64(1_000_000 / rank), salesShare: 10,
                screens: 500, trend: [1000, 990, nil, 980, 970, 1000, 999], posterURL: posters.indices.contains(rank - 1) ? posters[rank - 1] : nil)
        }
        return DailyReport(
            date: date, days: days, movies: movies, reentries: ["c10"],
            climber: DailyReport.Move(code: "c2", title: movies[1].title, rank: 2, previousRank: 3, rankIntensity: 1),
            milestones: [DailyReport.Milestone(code: "c1", title: movies[0].title, milestone: 1_000_000)])
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `text` with the writer's own Markdown links to KOBIS film pages taken back to their text.
    static func unlinked(_ text: String) -> String {
        text.replacing(#/(^|\s)\[(.*?)\]\(<https://www\.kobis\.or\.kr/[^>]*>\)/#) { $0.output.1 + $0.output.2 }
    }

    /// Every scalar of `markup` in `text` comes after a backslash.
    static func allEscaped(_ text: String, _ markup: String) -> Bool {
        var previous: Unicode.Scalar?
        var escaped = false
        for scalar in text.unicodeScalars {
            if markup.unicodeScalars.contains(scalar), !(previous == "\\" && !escaped) { return false }
            escaped = previous == "\\" && !escaped && scalar == "\\"
            previous = scalar
        }
        return true
    }

    @Test func markdownEscapesEveryMarkupOfAPITextInTheReportAndTheDailyChart() throws {
        let markdown = DocumentWriter.write(ReportOutput(Self.report()), format: .markdown)
        let rows = markdown.split(separator: "\n").filter { $0.contains("onerror") }.map { line in
            // A row without the table's own pipes, a note without its italics' underscores.
            String(line.hasPrefix("|") ? line.dropFirst(2).dropLast(2).replacing(" | ", with: " ") : line.dropFirst().dropLast())
                // The empty comments that part what would become a link are the writer's own.
                .replacing(MarkdownWriter.linkBreak, with: "")
        }.map(Self.unlinked)
        #expect(rows.count == 10 + 3, "ten rows, the re-entry, the climber and the milestone")
        for row in rows {
            #expect(Self.allEscaped(row, "*[]`<>_~&|"), "unescaped markup: \(row)")
        }
        #expect(markdown.contains(#"\*x\* \[l\](http\#u{2060}://evil) \`c\` \<img src=x onerror=alert(1)\> @\#u{2060}everyone \<!channel\>"#))
        for rank in 1...10 {
            #expect(
                markdown.contains("](<https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=c\(rank)>) |"),
                "a link to film c\(rank)")
        }
        let chart = BoxOfficeChart(
            kind: .daily, startDate: KSTDate(year: 2023, month: 8, day: 18)!, endDate: KSTDate(year: 2023, month: 8, day: 18)!,
            entries: [ChartEntry(rank: 1, rankIntensity: 0, isNew: false, code: "c", title: Self.hostile)])
        let daily = DocumentWriter.write(ChartsOutput([chart]), format: .markdown)
        #expect(daily.contains(#"\*x\* \[l\]"#) && daily.contains(#"\<img"#), "\(daily)")
    }

    @Test func htmlShowsMovesInColourTitlesAsTextAndPostersSized() throws {
        let html = DocumentWriter.write(ReportOutput(Self.report(posters: ["https://img.example/1.jpg"]), withPosters: true), format: .html)
        #expect(!html.contains("<img src=x") && html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("<span class=\"up\">▲1 (3)</span>") && html.contains("<span class=\"down\">▼1 (4)</span>"), "Move coloured as in daily")
        #expect(html.contains("<td class=\"title\""), "the phone layout leads with the title")
        #expect(html.contains("<span class=\"date\">2023-08-18 (Fri)</span>"), "the heading never breaks inside the date")
        #expect(html.contains("width=\"64\" height=\"95\"") && html.contains("alt=\"*x* [l](http://evil)"))
        #expect(html.contains("aria-label=\"Audience a day: 1,000, 990, not in the top 10, 980, 970, 1,000, 999\""))
        let text = DocumentWriter.write(ReportOutput(Self.report()), format: .text, style: RenderStyle(usesColor: true))
        #expect(text.contains("\u{1B}[31m") && text.contains("\u{1B}[34m"), "Move coloured in the text at a terminal")
        #expect(text.contains("Back in the top 10") && text.contains("BACK"))
    }

    @Test func slackPayloadStaysWithinBlockKitLimitsWithAPITextInert() throws {
        for title in [Self.hostile, String(repeating: "&<>`", count: 2000)] {
            let payload = try Self.json(DocumentWriter.write(ReportOutput(Self.report(title: title)), format: .slack))
            let blocks = try #require(payload["blocks"] as? [[String: Any]])
            #expect(!blocks.isEmpty && blocks.count <= SlackWriter.Limit.blocks)
            #expect((payload["text"] as? String)?.isEmpty == false, "a fallback text")
            for block in blocks {
                let text = try #require(block["text"] as? [String: Any])
                let body = try #require(text["text"] as? String)
                let limit = block["type"] as? String == "header" ? SlackWriter.Limit.headerText : SlackWriter.Limit.sectionText
                #expect(!body.isEmpty && body.utf16.count <= limit, "\(block["type"] ?? "") of \(body.utf16.count)")
                if text["type"] as? String == "mrkdwn" {
                    // The writer's own links to KOBIS film pages; everything else inert.
                    let unlinked = body.replacing(#/<https://www\.kobis\.or\.kr/[^|>]*\|([^<>]*)>/#) { String($0.output.1) }
                    #expect(text["verbatim"] as? Bool == true, "no mention or channel is looked for")
                    #expect(!unlinked.contains("<") && !unlinked.contains(">"), "\(body)")
                    #expect(unlinked.replacing("&amp;", with: "").replacing("&lt;", with: "").replacing("&gt;", with: "").contains("&") == false)
                    let scalars = Array(unlinked.unicodeScalars)
                    let paired = scalars.indices.filter { "*_~`".unicodeScalars.contains(scalars[$0]) }
                    #expect(paired.allSatisfy { $0 + 1 < scalars.count && scalars[$0 + 1] == "\u{200B}" }, "no marker can pair: \(body)")
                } else {
                    #expect(text["type"] as? String == "plain_text", "no other text is parsed for markup")
                    #expect(!body.contains("<") && !body.contains(">"), "entities escaped in plain text too")
                }
            }
        }
        let slack = DocumentWriter.write(ReportOutput(Self.report()), format: .slack)
        #expect(slack.contains("&lt;!channel&gt;") && !slack.contains("<!channel"))
    }

    @Test func discordPayloadStaysWithinLimitsEscapesMarkdownAndPingsNobody() throws {
        for title in [Self.hostile, String(repeating: "@everyone*", count: 300)] {
            let payload = try Self.json(DocumentWriter.write(ReportOutput(Self.report(title: title)), format: .discord))
            let content = try #require(payload["content"] as? String)
            #expect(!content.isEmpty && content.utf16.count <= DiscordWriter.Limit.content, "\(content.utf16.count)")
            #expect((payload["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] != nil)
            #expect(((payload["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
            #expect((payload["embeds"] as? [Any] ?? []).count <= DiscordWriter.Limit.embeds)
            #expect(!content.contains("@everyone"), "a zero-width space breaks every mention")
            for line in content.split(separator: "\n") {
                // Our own bold is `**` around the title; everything else is escaped.
                let inner = Self.unlinked(String(line).replacing("**", with: ""))
                #expect(Self.allEscaped(String(inner), "`[]<>|~_#"), "unescaped: \(line)")
            }
        }
        let content = try #require(try Self.json(DocumentWriter.write(ReportOutput(Self.report()), format: .discord))["content"] as? String)
        #expect(content.contains(#"**[\*x\* \[l\]\(http\://evil\) \`c\` \<img src=x onerror=alert\(1\)\> @"#))
        #expect(content.contains("](<https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=c1>)**"))
    }

    @Test func mailAddressesRefuseHeaderInjection() {
        #expect(MailAddress("a@example.com")?.address == "a@example.com")
        #expect(MailAddress("Box Office <bot@mail.example.com>")?.headerText == "\"Box Office\" <bot@mail.example.com>")
        #expect(MailAddress("박스 <a@example.com>")?.headerText.hasPrefix("=?UTF-8?B?") == true)
        for bad in [
            "a@example.com\nBcc: b@example.com", "a@example.com\r\n", "a@example.com, b@example.com", "a@b@c", "a@", "@b.com", "a@-b.com",
            "a..b@example.com", "\"a\"@example.com", "Name\" <a@b.com>", "<a@b.com> x", "a@exa mple.com", "a@例.com", "Na\nme <a@b.com>", "",
        ] {
            #expect(MailAddress(bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test func mailHeadersAreEncodedFoldedAndDated() {
        #expect(MailMessage.encodedWords("Box office") == ["Box office"])
        let words = MailMessage.encodedWords("박스오피스 " + String(repeating: "가", count: 40) + "\nBcc: x@y.z")
        #expect(words.count > 1 && words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: 1_692_396_000)) == "Sat, 19 Aug 2023 07:00:00 +0900")
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: 951_868_800)) == "Wed, 1 Mar 2000 09:00:00 +0900")
        // The last second of a Seoul day, and instants before 1970: KSTDate's calendar, rounded down.
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: 1_692_457_199)) == "Sat, 19 Aug 2023 23:59:59 +0900")
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: -1)) == "Thu, 1 Jan 1970 08:59:59 +0900")
        #expect(MailMessage.dateText(Date(timeIntervalSince1970: -946_080_001)) == "Tue, 9 Jan 1940 08:59:59 +0900")
    }

    static let envelope = MailEnvelope(
        recipients: [MailAddress("a@example.com")!], sender: MailAddress("bot@example.org"), subject: "상자\r\nBcc: x@y.z",
        date: Date(timeIntervalSince1970: 1_692_396_000), token: "t0k3n")

    /// A PNG of `count` bytes in all (at least its 8-byte signature).
    static func png(_ count: Int) -> DownloadedImage {
        DownloadedImage(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: max(count - 8, 0))))!
    }

    /// An API's answer that is no address: a `data:` image and a `data:` page.
    static let dataURIs = ["data:image/png;base64," + png(300).data.base64EncodedString(), "data:text/html;base64,PHNjcmlwdD4="]

    @Test func theMailMessageIsSevenBitWithShortLinesAndCidPartsOnlyForDownloadedImages() throws {
        var report = Self.report(posters: ["https://img.example/1.png", "https://img.example/2.jpg", "http://img.example/3.jpg"] + Self.dataURIs)
        report.movies[0].posterImage = Self.png(300)
        let output = ReportOutput(report, withPosters: true)
        let message = DocumentWriter.write(output, format: .email, envelope: Self.envelope)
        #expect(message.utf8.allSatisfy { $0 < 128 }, "7-bit")
        #expect(message.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 78 })
        #expect(!message.contains("\nBcc:") && !message.contains("\r"))
        for header in [
            "From: bot@example.org\n", "To: a@example.com\n", "Subject: =?UTF-8?B?", "Date: Sat, 19 Aug 2023 07:00:00 +0900\n",
            "Message-ID: <t0k3n@example.org>\n", "MIME-Version: 1.0\n", "Content-Type: multipart/alternative;\n", "multipart/related;",
            "Content-ID: <poster-1@t0k3n.example.org>", "Content-Type: image/png", "Content-Disposition: inline; filename=\"poster-1.png\"",
        ] {
            #expect(message.contains(header), "\(header)")
        }
        #expect(message.components(separatedBy: "Content-Type: image/").count == 2, "only the downloaded image becomes a part")
        var images: [MailHTMLWriter.Image] = []
        let html = MailHTMLWriter(contentIDDomain: "d").write(output.document, images: &images)
        #expect(images.count == 1 && images.first?.downloaded == Self.png(300))
        #expect(html.contains("src=\"cid:poster-1@d\"") && html.contains("src=\"https://img.example/2.jpg\"") && !html.contains("http://img.example"))
        #expect(html.components(separatedBy: "<img ").count - 1 == 2, "the two API data: URIs are no image")
        for forbidden in ["<svg", "<script", "data:", "<link", "url(", "<img src=x"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(
            html.contains("width=\"64\" height=\"95\"") && html.contains("color:#d70015")
                && html.contains("role=\"img\" aria-label=\"Audience a day:"))
        // The text alternative names each poster and never carries its bytes.
        let text = DocumentWriter.write(output, format: .text)
        #expect(text.contains(" attached\n") && text.contains("https://img.example/2.jpg") && text.contains("http://img.example/3.jpg"))
        #expect(!text.contains("data:") && !text.contains("iVBORw0KGgo"), "no data: URI and no PNG in base64")
    }

    @Test func anHTMLPageShowsWebAddressesAndItsOwnDownloadsButNoDataURIFromAnAPI() {
        var report = Self.report(posters: ["https://img.example/1.png", "http://img.example/2.jpg"] + Self.dataURIs)
        let linked = DocumentWriter.write(ReportOutput(report, withPosters: true), format: .html)
        #expect(linked.components(separatedBy: "<img ").count - 1 == 2 && !linked.contains("src=\"data:"), "\(linked)")
        report.movies[0].posterImage = Self.png(300)
        let embedded = DocumentWriter.write(ReportOutput(report, withPosters: true), format: .html)
        #expect(embedded.contains("<img src=\"data:image/png;base64,\(Self.png(300).data.base64EncodedString())\""))
        #expect(embedded.components(separatedBy: "src=\"data:").count - 1 == 1 && !embedded.contains("img.example/1.png"))
    }

    @Test func aMailMessageCountsItsSizeWithoutEncodingItsImages() {
        let mail = MailMessage(envelope: Self.envelope)
        // Sizes about each base64 rounding and line end: 57 bytes make one whole line of 76.
        for bytes in [8, 9, 10, 11, 56, 57, 58, 114, 115, 1_000, 65_536] {
            var report = Self.report(posters: ["https://img.example/1.png", "https://img.example/2.png", "https://img.example/3.png"])
            report.movies[0].posterImage = Self.png(bytes)
            report.movies[1].posterImage = Self.png(bytes + 1)
            let document = ReportOutput(report, withPosters: true, linkedPosterNote: "Some posters are linked.").document
            #expect(mail.size(of: document) == mail.write(document).utf8.count, "\(bytes)")
        }
        let plain = ReportOutput(Self.report()).document
        #expect(mail.size(of: plain) == mail.write(plain).utf8.count)
    }

    @Test func aMailEmbedsPostersInRankOrderWhileTheWholeMessageStaysWithinItsBudget() async throws {
        // Four megabytes a poster: one fits in 9,000,000 bytes of message, two in 11,000,000.
        let loader = StubLoader(body: Self.png(4_000_000).data)
        let downloader = ImageDownloader(loader: loader)
        let report = Self.report(posters: (1...10).map { "https://img.example/\($0).png" })
        for (budget, embedded) in [(MailMessage.defaultBudget, 1), (11_000_000, 2), (100_000, 0)] {
            let room = PosterRoom.mail(Self.envelope, budget: budget)
            let result = await room.embeddingPosters(in: report, with: downloader)
            #expect(result.report.movies.map { $0.posterImage != nil } == (1...10).map { $0 <= embedded }, "\(budget)")
            #expect(result.leftAsLinks == 10 - embedded)
            #expect(result.report.movies.map(\.posterURL) == report.movies.map(\.posterURL), "every poster keeps its address")
            let message = MailMessage(envelope: Self.envelope).write(
                ReportOutput(result.report, withPosters: true, linkedPosterNote: room.note).document)
            #expect(message.utf8.count <= budget, "\(message.utf8.count) bytes in a budget of \(budget)")
            #expect(message.utf8.count > embedded * 5_300_000, "the posters are in it")
            #expect(message.contains("Content-Type: image/png") == (embedded > 0))
        }
        #expect(loader.requests.count == 3 * 4, "a wave of downloads a budget, none after the first that did not fit")
        #expect(PosterRoom.mail(Self.envelope, budget: 9_000_000).largestImage == 6_750_000)
    }
}

/// Chat messages read a line a movie, every title whole, with no monospace font to line up.
struct ChatLayoutTests {
    static let longTitle = "미션 임파서블: 데드 레코닝 PART ONE — 확장판 특별 상영"

    @Test func slackShowsEveryTitleWholeALineAMovieWithoutACodeBlock() throws {
        let payload = DocumentWriter.write(ReportOutput(ReportFormatsTests.report(title: Self.longTitle)), format: .slack)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        let texts = (object["blocks"] as? [[String: Any]] ?? []).compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        #expect(!payload.contains("```"), "no code block: its alignment breaks after Hangul in a code font without it")
        let lines = texts.flatMap { $0.split(separator: "\n") }.filter { $0.first?.isNumber == true }
        #expect(lines.count == 10, "\(lines)")
        #expect(lines.allSatisfy { $0.contains(Self.longTitle) && !$0.contains("…") }, "\(lines)")
        #expect(
            lines.first?.hasPrefix("1. <https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("|" + Self.longTitle + " 1> ·") == true, "the title is the link's text: \(lines.first ?? "")")
    }

    @Test func discordLeavesOutOnlyTheNotesThatDoNotFit() throws {
        let rows = (1...10).map { rank in [Cell.count(Int64(rank)), .text("영화 \(rank)"), .count(1_000)] }
        let table = Table(
            columns: [
                Column("#", key: "rank", alignment: .right), Column("Title", key: "title", isTruncatable: true),
                Column("Audience", key: "audience", alignment: .right),
            ],
            rows: rows)
        let long = String(repeating: "긴 메모 ", count: 380)
        let document = Document([
            Document.Section([.heading("Report", inMarkdown: true), .table(table), .note(long), .note("short one"), .note("short two")])
        ])
        let payload = DocumentWriter.write(DocumentOnly(document: document), format: .discord)
        let content = try #require((try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])?["content"] as? String)
        #expect(content.utf16.count <= DiscordWriter.Limit.content)
        #expect(!content.contains("긴 메모") && content.contains("short one") && content.contains("short two"), "\(content)")
        #expect(content.contains("10\\. **영화 10**"), "every row kept: \(content)")
    }

    /// A document as it is, for a writer.
    struct DocumentOnly: Presentable {
        let document: Document
        var json: JSONValue { .null }
        static var jsonSchema: JSONSchema { .string }
    }
}
