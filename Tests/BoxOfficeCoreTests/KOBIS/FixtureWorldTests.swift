import Foundation
import TestSupport
import Testing

/// Our fixtures are one recorded world: what one answer says, the others must not contradict, or
/// the README's examples and the report compare things that cannot both be true.
struct FixtureWorldTests {
    static let days = (11...20).map { "202308\($0)" }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try TestFiles.fixture(path)) as? [String: Any], "\(path)")
    }

    static func dailyRows(_ day: String) throws -> [[String: String]] {
        let result = try #require(try object("kobis/daily-\(day).json")["boxOfficeResult"] as? [String: Any])
        return try #require(result["dailyBoxOfficeList"] as? [[String: String]])
    }

    static func number(_ row: [String: String], _ key: String) -> Int {
        Int(row[key] ?? "") ?? Int.min
    }

    @Test func everyDailyChartHoldsTenMoviesThatChainFromTheDayBefore() throws {
        var previous: [String: [String: String]]?
        for day in Self.days {
            let rows = try Self.dailyRows(day)
            #expect(rows.count == 10, "\(day) holds \(rows.count) movies: a report would compare ten against fewer")
            if let previous {
                for row in rows {
                    let title = row["movieNm"] ?? ""
                    guard let before = previous[row["movieCd"] ?? ""] else {
                        #expect(row["rankOldAndNew"] == "NEW", "\(day) \(title) was not in the chart the day before")
                        continue
                    }
                    #expect(row["rankOldAndNew"] == "OLD", "\(day) \(title)")
                    #expect(Self.number(row, "audiAcc") == Self.number(before, "audiAcc") + Self.number(row, "audiCnt"), "\(day) \(title): total")
                    #expect(
                        Self.number(row, "audiInten") == Self.number(row, "audiCnt") - Self.number(before, "audiCnt"),
                        "\(day) \(title): audience change")
                    #expect(Self.number(row, "rankInten") == Self.number(before, "rank") - Self.number(row, "rank"), "\(day) \(title): rank change")
                }
            }
            previous = Dictionary(rows.map { ($0["movieCd"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test func aMoviesDetailsAgreeWithItsChartRows() throws {
        for code in ["20218541", "20226411", "20232193"] {
            let result = try #require(try Self.object("kobis/movie-\(code).json")["movieInfoResult"] as? [String: Any])
            let movie = try #require(result["movieInfo"] as? [String: Any])
            let opening = try #require(movie["openDt"] as? String)
            for day in Self.days {
                for row in try Self.dailyRows(day) where row["movieCd"] == code {
                    #expect(row["movieNm"] == movie["movieNm"] as? String, "\(code) on \(day)")
                    #expect(row["openDt"]?.replacingOccurrences(of: "-", with: "") == opening, "\(code) on \(day)")
                }
            }
        }
    }

    @Test func aCompanysListEntryAgreesWithItsDetails() throws {
        let list = try #require(
            (try Self.object("kobis/companylist-companyNm=쇼박스.json")["companyListResult"] as? [String: Any])?["companyList"] as? [[String: Any]])
        let details = try #require(
            (try Self.object("kobis/company-20060555.json")["companyInfoResult"] as? [String: Any])?["companyInfo"] as? [String: Any])
        let entry = try #require(list.first { $0["companyCd"] as? String == "20060555" })
        let parts = (details["parts"] as? [[String: String]] ?? []).compactMap { $0["companyPartNm"] }
        #expect((entry["companyPartNames"] as? String)?.split(separator: ",").map(String.init) == parts)
        var titles: [String] = []
        for film in details["filmos"] as? [[String: String]] ?? [] where !titles.contains(film["movieNm"] ?? "") {
            titles.append(film["movieNm"] ?? "")
        }
        #expect((entry["filmoNames"] as? String)?.split(separator: ",").map(String.init) == titles)
    }

    @Test func aPersonsListEntryAgreesWithTheirDetails() throws {
        let list = try #require(
            (try Self.object("kobis/peoplelist-peopleNm=봉준호.json")["peopleListResult"] as? [String: Any])?["peopleList"] as? [[String: Any]])
        let details = try #require(
            (try Self.object("kobis/people-20164001.json")["peopleInfoResult"] as? [String: Any])?["peopleInfo"] as? [String: Any])
        let entry = try #require(list.first { $0["peopleCd"] as? String == "20164001" })
        var titles: [String] = []
        for film in details["filmos"] as? [[String: String]] ?? [] where !titles.contains(film["movieNm"] ?? "") {
            titles.append(film["movieNm"] ?? "")
        }
        #expect((entry["filmoNames"] as? String)?.split(separator: "|").map(String.init) == titles)
        #expect(entry["repRoleNm"] as? String == details["repRoleNm"] as? String)
    }
}
