@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// The Markdown report and chart as GitHub renders them (`cmark-gfm` with its table and autolink
/// extensions, Debian's build of GitHub's renderer): no API text becomes a link, a mention or
/// markup, every title reads as it came, and each is a link to its film's KOBIS page.
struct MarkdownRendererTests {
    static let titles = [
        "Visit www.example.com now", "https://evil.example/path?x=1", "mail me: fan@example.com", "@everyone watch", "WWW.SHOUT.KR",
        "xmpp:film@chat.example", "ftp://files.example", "*x* [l](http://evil) `c` <b>bold</b> | pipe",
    ]

    @Test(.enabled(if: TestTools.run(with: ["cmark-gfm"]), "cmark-gfm is not installed"))
    func noTitleBecomesALinkOfItsOwnInGitHubsRenderer() async throws {
        let renderer = try TestTools.require("cmark-gfm")
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let entries = Self.titles.enumerated().map { ChartEntry(rank: $0.offset + 1, code: "c\($0.offset)", title: $0.element, audience: 1_000) }
        let chart = BoxOfficeChart(kind: .daily, startDate: day, endDate: day, entries: entries)
        let markdown = DocumentWriter.write(ChartsOutput([chart]), format: .markdown)
        let folder = TemporaryFolder("boxoffice-markdown")
        let file = folder.url.appendingPathComponent("chart.md")
        try Data(markdown.utf8).write(to: file)
        let rendered = try await Subprocess.run(
            ["/bin/sh", "-c", "'\(renderer)' -e table -e autolink '\(file.path)'"], in: folder.url, environment: ["PATH": "/usr/bin:/bin"],
            inheriting: false)
        #expect(rendered.status == 0, "\(rendered.output)")
        // The only links are the writer's own, one a title, to the film's KOBIS page.
        let links = rendered.output.components(separatedBy: "<a ").dropFirst()
        #expect(links.count == Self.titles.count, "a title became a link of its own:\n\(rendered.output)")
        for (index, link) in links.enumerated() {
            #expect(link.hasPrefix("href=\"https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=c\(index)\">"), "\(link)")
        }
        #expect(!rendered.output.contains("<b>") && !rendered.output.contains("<em>") && !rendered.output.contains("<code>"))
        #expect(rendered.output.components(separatedBy: "<tr>").count == Self.titles.count + 2, "one row a movie, and the header")
        // No HTML of the writer's own, which a renderer that escapes HTML (markdown-it's default)
        // would show as text.
        #expect(!markdown.contains("<!--") && !rendered.output.contains("raw HTML omitted"), "\(markdown)")
        // What a reader sees: the title as it came, the writer's invisible word joiners aside.
        let text = rendered.output.replacing("\u{2060}", with: "").replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&amp;", with: "&").replacing("&quot;", with: "\"")
        for title in Self.titles {
            #expect(text.contains(title), "\(title) does not read as it came:\n\(text)")
        }
    }

    @Test(.enabled(if: TestTools.run(with: ["cmark-gfm"]), "cmark-gfm is not installed"))
    func aPosterIsALinkThatOpensItsAddress() async throws {
        let renderer = try TestTools.require("cmark-gfm")
        let day = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let address = "https://t1.daumcdn.net/movie/poster (1)|2.jpg"
        let entry = ChartEntry(rank: 1, code: "c", title: "www.example.com", audience: 1_000, posterURL: address)
        let chart = BoxOfficeChart(kind: .daily, startDate: day, endDate: day, entries: [entry])
        let markdown = DocumentWriter.write(ChartsOutput([chart], withPosters: true), format: .markdown)
        let folder = TemporaryFolder("boxoffice-markdown-poster")
        let file = folder.url.appendingPathComponent("chart.md")
        try Data(markdown.utf8).write(to: file)
        let rendered = try await Subprocess.run(
            ["/bin/sh", "-c", "'\(renderer)' -e table -e autolink '\(file.path)'"], in: folder.url, environment: ["PATH": "/usr/bin:/bin"],
            inheriting: false)
        #expect(
            rendered.output.contains(#"<a href="https://t1.daumcdn.net/movie/poster%20(1)%7C2.jpg">Poster</a>"#), "\(markdown)\n\(rendered.output)")
        #expect(rendered.output.components(separatedBy: "<a ").count == 3, "the film's KOBIS page and the poster alone are links: \(rendered.output)")
    }
}
