import Foundation
import Testing
@testable import BoxOfficeCore
@testable import BoxOfficeApp

/// A command's formats say the same things: what JSON has, CSV has; what a table's title says,
/// Markdown's says.
struct FormatAgreementTests {
    @Test func cacheStatsAsCSVHasThePathThatJSONHas() throws {
        var statistics = CacheStatistics()
        statistics.entries = 3
        let output = CacheStatisticsOutput(path: "/home/x/.cache/boxoffice/responses", statistics: statistics)
        let csv = DocumentWriter.write(output, format: .csv).split(separator: "\n")
        #expect(csv == ["entries,bytes,kept_for_good,expired,unreadable,path", "3,0,0,0,0,/home/x/.cache/boxoffice/responses"], "\(csv)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(DocumentWriter.write(output, format: .json).utf8)) as? [String: Any])
        let csvKeys = Set(csv[0].split(separator: ",").map { $0.replacingOccurrences(of: "kept_for_good", with: "keptForGood") })
        #expect(Set(json.keys) == csvKeys)
    }

    @Test func quotaAsMarkdownKeepsTheDateInItsTitle() throws {
        let day = try #require(KSTDate(year: 2026, month: 11, day: 22))
        let markdown = DocumentWriter.write(QuotaOutput(day: day, counts: [.kobis: 2_751]), format: .markdown)
        #expect(markdown.hasPrefix("### Calls today (2026-11-22, Seoul)\n"), "\(markdown)")
        #expect(markdown.contains("2,751"))
    }
}
