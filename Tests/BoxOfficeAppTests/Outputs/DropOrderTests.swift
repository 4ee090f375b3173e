@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import TestSupport
import Testing

/// Every table the CLI prints at a terminal, from 200 columns down to 20: its columns give way in
/// the order the README documents, what stays keeps its place, and no row is wider than the
/// terminal (save an address kept whole so it can be copied).
struct DropOrderTests {
    /// A table, the columns a wide terminal shows and the order they are left out in.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The command, as the README's list names it.
        let command: String
        /// Every column a wide terminal shows, left to right.
        let columns: [String]
        /// Left out first to last as the terminal narrows; the others stay down to 20 columns.
        let dropped: [String]
        let output: @Sendable () throws -> any Presentable

        var testDescription: String { command }
        /// What is left at 20 columns, left to right.
        var kept: [String] { columns.filter { !dropped.contains($0) } }
    }

    static let narrowest = 20
    static let widest = 200

    static func fixture<Response: Decodable>(_ path: String, as type: Response.Type) throws -> Response {
        try JSONDecoder().decode(type, from: TestFiles.fixture(path))
    }

    static let august = ["20230811", "20230812", "20230813", "20230814", "20230815", "20230816", "20230817", "20230818"]

    static let cases: [Case] = [
        Case(
            command: "daily", columns: ["#", "Change", "Title", "Opened", "Audience", "Total", "Share", "Screens"],
            dropped: ["Opened", "Screens", "Share", "Total", "Change"]
        ) { ChartsOutput([try ModelEncodingTests.chart("kobis/daily-20230818.json", kind: .daily)]) },
        Case(
            command: "weekly", columns: ["#", "Change", "Title", "Opened", "Audience", "Total", "Share", "Screens"],
            dropped: ["Opened", "Screens", "Share", "Total", "Change"]
        ) { ChartsOutput([try ModelEncodingTests.chart("kobis/weekly-20230813-weekGb=0.json", kind: .weekly(.week))]) },
        Case(
            command: "report", columns: ["#", "Move", "Title", "Day", "Audience", "Total", "Share", "Screens", "Trend"],
            dropped: ["Screens", "Share", "Day", "Total", "Move", "Trend"]
        ) {
            let charts = try DailyReportTests().fixtures(august)
            let (window, _) = DailyReport.chartDays(for: DailyReportTests.august18, days: 7)
            return ReportOutput(DailyReport(date: DailyReportTests.august18, days: window, charts: charts))
        },
        Case(
            command: "trend", columns: ["Date", "#", "Audience", "Total", "Share", "Screens", "Shows"],
            dropped: ["Shows", "Screens", "Share", "Total", "#"]
        ) {
            let charts = try DailyReportTests().fixtures(august).values.sorted { $0.startDate < $1.startDate }
            let days = charts.map { MovieTrend.Day(date: $0.startDate, entry: $0.entries.first { $0.code == "20218541" }) }
            return TrendOutput(MovieTrend(code: "20218541", title: "밀수", days: days))
        },
        Case(
            command: "search", columns: ["Code", "Title", "English title", "Produced", "Opened", "Directors"],
            dropped: ["English title", "Produced", "Directors", "Opened"]
        ) { SearchOutput(try MovieSearchResult(fixture("kobis/movielist-movieNm=밀수.json", as: MovieListResponse.self))) },
        Case(
            command: "people", columns: ["Code", "Name", "English name", "Role", "Filmography"],
            dropped: ["English name", "Filmography", "Role"]
        ) { PeopleOutput(PeopleSearchResult(try fixture("kobis/peoplelist-peopleNm=봉준호.json", as: PeopleListResponse.self)), page: 1) },
        Case(command: "person", columns: ["Movie code", "Title", "Parts"], dropped: ["Parts"]) {
            PersonOutput(try PersonDetails(fixture("kobis/people-20164001.json", as: PeopleInfoResponse.self), requestedCode: "20164001"))
        },
        Case(
            command: "companies", columns: ["Code", "Name", "English name", "CEO", "Parts", "Filmography"],
            dropped: ["English name", "CEO", "Filmography", "Parts"]
        ) { CompaniesOutput(CompanySearchResult(try fixture("kobis/companylist-companyNm=쇼박스.json", as: CompanyListResponse.self)), page: 1) },
        Case(command: "company", columns: ["Movie code", "Title", "Parts"], dropped: ["Parts"]) {
            CompanyOutput(try CompanyDetails(fixture("kobis/company-20060555.json", as: CompanyInfoResponse.self), requestedCode: "20060555"))
        },
        Case(command: "codes", columns: ["Code", "Name", "English name"], dropped: ["English name"]) {
            CodesOutput(CodeList(try fixture("kobis/codes-2201.json", as: CodeListResponse.self), group: "2201"))
        },
        Case(command: "images", columns: ["Size", "Site", "Image URL"], dropped: ["Site", "Size"]) {
            ImagesOutput(ImageSearchResult(try fixture("kakao/image-search-query=밀수-size=10.json", as: ImageSearchResponse.self)))
        },
        Case(command: "quota", columns: ["Service", "Calls", "Limit", "Used"], dropped: ["Limit", "Calls"]) {
            QuotaOutput(day: DailyReportTests.august18, counts: [.kobis: 2_345, .kakao: 12_345])
        },
        Case(command: "cache stats", columns: ["Statistic", "Value"], dropped: []) {
            var statistics = CacheStatistics()
            statistics.entries = 1_234
            statistics.bytes = 123_456_789
            statistics.permanent = 1_000
            return CacheStatisticsOutput(path: "/home/someone/.cache/boxoffice/responses", statistics: statistics)
        },
    ]

    /// The header titles a table shows at a width; a cut title ("Filmo…") is matched by its start.
    static func shownColumns(_ output: any Presentable, width: Int, of columns: [String]) -> (titles: [String], lines: [String]) {
        let tables = output.document.sections.flatMap(\.blocks).filter { if case .table = $0 { true } else { false } }
        let text = TerminalWriter(style: RenderStyle(terminalWidth: width)).write(Document([Document.Section(tables)]))
        let lines = text.split(separator: "\n").map(String.init)
        let tokens = (lines.first ?? "").components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let titles = tokens.map { token in
            columns.first { $0 == token || (token.hasSuffix("…") && $0.hasPrefix(token.dropLast())) } ?? token
        }
        return (titles, lines)
    }

    @Test(arguments: cases) func columnsGiveWayInTheDocumentedOrderAndRowsFit(_ table: Case) throws {
        let output = try table.output()
        let wholeCells = output.document.sections.flatMap(\.blocks).flatMap { block -> [Int] in
            guard case .table(let content) = block else { return [] }
            return content.columns.indices.filter { content.columns[$0].keepsWhole }.flatMap { index in
                content.rows.map { DisplayWidth.of($0[index].humanText) }
            }
        }
        var dropped: [String] = []
        var previous = table.columns
        for width in stride(from: Self.widest, through: Self.narrowest, by: -1) {
            let (shown, lines) = Self.shownColumns(output, width: width, of: table.columns)
            #expect(shown == table.columns.filter(shown.contains), "\(width): \(shown) keeps the columns' order")
            #expect(Set(shown).isSubset(of: previous), "\(width): a column came back: \(shown)")
            dropped += previous.filter { !shown.contains($0) }
            previous = shown
            // An address stays whole to be copied; only then may a row be wider than the terminal.
            let allowed = max(width, wholeCells.max() ?? 0)
            for line in lines {
                #expect(DisplayWidth.of(line) <= allowed, "\(table.command) at \(width) columns:\n\(lines.joined(separator: "\n"))")
            }
            if width == Self.widest { #expect(shown == table.columns, "\(table.command) at \(width): \(shown)") }
        }
        #expect(dropped == table.dropped, "\(table.command) leaves out \(dropped)")
        #expect(previous == table.kept, "\(table.command) at \(Self.narrowest) columns shows \(previous)")
    }

    /// The README's list of drop orders is the one these tests hold the tables to.
    @Test func theReadmeListsEveryTablesDropOrder() throws {
        let readme = try String(contentsOf: TestFiles.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for table in Self.cases {
            let dropped = table.dropped.isEmpty ? "nothing" : table.dropped.joined(separator: ", ")
            let line = "| `\(table.command)` | \(dropped) | \(table.kept.joined(separator: ", ")) |"
            #expect(readme.contains(line), "the README lacks: \(line)")
        }
    }
}
