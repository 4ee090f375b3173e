@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// Korean headings are twice as wide as their letters: the tables must still fit and line up.
struct KoreanTableTests {
    /// The daily chart and the report in Korean at every width from 20 to 200 columns: no line is
    /// wider than the terminal, and the audience column ends where its heading ends.
    @Test func koreanHeadingsKeepTheirColumnsAtEveryWidth() throws {
        let chart = try ChartsOutputTests.daily()
        let report = DailyReport(date: chart.startDate, days: [chart.startDate], charts: [chart.startDate: chart])
        for width in 20...200 {
            for output in [ChartsOutput([chart]) as any Presentable, ReportOutput(report)] {
                let text = Language.$current.withValue(.ko) {
                    DocumentWriter.write(output, format: .table, style: RenderStyle(terminalWidth: width))
                }
                let lines = TableLayout.lines(text)
                guard let header = lines.firstIndex(where: { $0.contains("관객수") }), let heading = lines[header].range(of: "관객수") else {
                    Issue.record("\(width): no 관객수 column:\n\(text)")
                    continue
                }
                // The table: its heading row and its rows (the title above it is a line of text).
                let table = lines[header...].prefix { !$0.isEmpty }
                #expect(table.allSatisfy { DisplayWidth.of($0) <= width }, "\(width):\n\(text)")
                let end = DisplayWidth.of(String(lines[header][..<heading.upperBound]))
                let first = chart.entries[0]
                let row = try #require(lines.dropFirst(header + 1).first { $0.contains("112,934") }, "\(width):\n\(text)")
                let audience = try #require(row.range(of: NumberText.grouped(first.audience ?? 0)))
                #expect(DisplayWidth.of(String(row[..<audience.upperBound])) == end, "\(width):\n\(text)")
            }
        }
    }
}
