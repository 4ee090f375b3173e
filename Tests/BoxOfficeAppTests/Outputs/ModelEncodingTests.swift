@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import TestSupport
import Testing

/// Every model family, decoded from our fixtures, encodes with an app's `JSONEncoder` to the very
/// object `boxoffice --format json` prints for it (less what the command adds: `kind`, `page`),
/// blanks as `null`, and decodes back equal, so an app can keep it and restore it; and every model
/// can be built by hand.
struct ModelEncodingTests {
    static func fixture<Response: Decodable>(_ path: String, as type: Response.Type) throws -> Response {
        try TestFiles.decoded(path, as: type)
    }

    /// What an app's `JSONEncoder` makes of a model, parsed, once the model has read it back equal.
    static func encoded<Model: Codable & Equatable>(_ value: Model, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let data = try roundTrip(value, sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Encodes the model, expects `JSONDecoder` to read the same model back and that model to
    /// encode to the same JSON, and returns it.
    static func roundTrip<Model: Codable & Equatable>(_ value: Model, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(value)
        let restored = try JSONDecoder().decode(Model.self, from: data)
        #expect(restored == value, "\(Model.self) reads back what it wrote", sourceLocation: sourceLocation)
        #expect(try encoder.encode(restored) == data, sourceLocation: sourceLocation)
        return data
    }

    /// What the CLI prints with `--format json`, parsed, without the members the command adds.
    static func printed(_ output: some Presentable, without added: [String] = []) throws -> [String: Any] {
        let text = DocumentWriter.write(output, format: .json)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in added {
            #expect(object.removeValue(forKey: key) != nil, "the CLI adds \(key)")
        }
        return object
    }

    /// The two parsed documents hold the same keys and values, nested alike: written again with
    /// sorted keys, they read the same. (`NSDictionary.isEqual` finds two parsed `true`s unequal
    /// on Linux.)
    static func expectSame(_ model: [String: Any], _ cli: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let canonical = { (object: [String: Any]) in
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
        }
        let (left, right) = (canonical(model), canonical(cli))
        #expect(left != nil && left == right, "JSONEncoder: \(left ?? "?")\nCLI: \(right ?? "?")", sourceLocation: sourceLocation)
    }

    static func chart(_ path: String, kind: ChartKind, filter: ChartFilter = ChartFilter()) throws -> BoxOfficeChart {
        try TestFiles.chart(path, kind: kind, filter: filter)
    }

    static let chartKeys: Set = [
        "rank", "rankChange", "isNew", "code", "title", "openDate", "audience", "audienceChange", "audienceChangeRate",
        "audienceTotal", "sales", "salesShare", "salesChange", "salesChangeRate", "salesTotal", "screens", "shows",
    ]

    // MARK: Charts

    @Test func aDailyChartEncodesAsTheCLIPrintsIt() throws {
        let chart = try Self.chart("kobis/daily-20230818.json", kind: .daily)
        let model = try Self.encoded(chart)
        Self.expectSame(model, try Self.printed(ChartsOutput([chart])))
        #expect(Set(model.keys) == ["kind", "startDate", "endDate", "filter", "movies"], "a daily chart has no yearWeek")
        let movies = try #require(model["movies"] as? [[String: Any]])
        #expect(movies.allSatisfy { Set($0.keys) == Self.chartKeys })
        #expect(movies[9]["openDate"] is NSNull, "a blank date is null, not left out")
        #expect(movies[0]["openDate"] as? String == "2023-08-09")
        #expect((movies[7]["rankChange"] as? NSNumber)?.intValue == -1, "rankIntensity is the JSON rankChange")
        #expect(model["startDate"] as? String == "2023-08-18")
    }

    @Test func aWeekendChartWithAFilterEncodesAsTheCLIPrintsIt() throws {
        let filter = ChartFilter(nation: .korean, movieType: nil, region: Region.named("부산"))
        let chart = try Self.chart("kobis/weekly-20230813-weekGb=1.json", kind: .weekly(.weekend), filter: filter)
        let model = try Self.encoded(chart)
        Self.expectSame(model, try Self.printed(ChartsOutput([chart])))
        #expect(model["yearWeek"] as? String == "202332")
        let encodedFilter = try #require(model["filter"] as? [String: Any])
        #expect(encodedFilter["nation"] as? String == "korean" && encodedFilter["type"] is NSNull)
        #expect(encodedFilter["region"] as? [String: String] == ["code": "0105011", "name": "부산"])
    }

    @Test func aPosterFoundIsEncodedAndPostersAskedForAreNullElsewhere() throws {
        var chart = try Self.chart("kobis/daily-20230818.json", kind: .daily)
        chart.entries[0].posterURL = "https://example.invalid/poster.jpg"
        let model = try Self.encoded(chart)
        Self.expectSame(model, try Self.printed(ChartsOutput([chart])))
        let movies = try #require(model["movies"] as? [[String: Any]])
        #expect(movies[0]["posterURL"] as? String == "https://example.invalid/poster.jpg")
        #expect(movies[1]["posterURL"] == nil, "the model has no poster to say it looked for")
        let printed = try #require(try Self.printed(ChartsOutput([chart], withPosters: true))["movies"] as? [[String: Any]])
        #expect(printed[1]["posterURL"] is NSNull, "--posters says none was found")
    }

    // MARK: Movies, searches, images

    @Test func movieDetailsEncodeAsTheCLIPrintsThem() throws {
        for code in ["20226411", "20218541", "20232193"] {
            let movie = try MovieDetails(Self.fixture("kobis/movie-\(code).json", as: MovieInfoResponse.self), requestedCode: code)
            let model = try Self.encoded(movie)
            Self.expectSame(model, try Self.printed(MovieOutput(movie)))
            #expect(
                Set(model.keys) == [
                    "code", "title", "titleEnglish", "titleOriginal", "productionYear", "openDate", "runtimeMinutes", "status", "type",
                    "nations", "genres", "directors", "actors", "companies", "ratings", "staff", "showTypes",
                ])
        }
        let utopia = try Self.encoded(MovieDetails(Self.fixture("kobis/movie-20226411.json", as: MovieInfoResponse.self), requestedCode: "x"))
        #expect(utopia["titleOriginal"] is NSNull, "KOBIS left it blank")
        #expect((utopia["actors"] as? [[String: Any]])?.first?["roleEnglish"] as? String == "Young-tak")
    }

    @Test func aMovieSearchEncodesAsTheCLIPrintsItButThePage() throws {
        let result = try MovieSearchResult(Self.fixture("kobis/movielist-movieNm=밀수.json", as: MovieListResponse.self))
        let model = try Self.encoded(result)
        Self.expectSame(model, try Self.printed(SearchOutput(result, page: 2), without: ["page"]))
        let movies = try #require(model["movies"] as? [[String: Any]])
        #expect(movies[1]["openDate"] is NSNull)
        #expect(
            movies.allSatisfy {
                Set($0.keys) == ["code", "title", "titleEnglish", "productionYear", "openDate", "type", "status", "nations", "genres", "directors"]
            })
    }

    @Test func imagesEncodeAsTheCLIPrintsThem() throws {
        let result = ImageSearchResult(try Self.fixture("kakao/image-search-query=밀수%20영화%20포스터-size=10.json", as: ImageSearchResponse.self))
        let model = try Self.encoded(result)
        Self.expectSame(model, try Self.printed(ImagesOutput(result)))
        #expect(Set(model.keys) == ["totalCount", "pageableCount", "isEnd", "images"])
        let images = try #require(model["images"] as? [[String: Any]])
        #expect(
            !images.isEmpty
                && images.allSatisfy {
                    Set($0.keys) == ["imageURL", "thumbnailURL", "width", "height", "site", "documentURL", "datetime"]
                })
    }

    // MARK: People, companies, codes

    @Test func peopleAndAPersonEncodeAsTheCLIPrintsThem() throws {
        let list = PeopleSearchResult(try Self.fixture("kobis/peoplelist-peopleNm=봉준호.json", as: PeopleListResponse.self))
        Self.expectSame(try Self.encoded(list), try Self.printed(PeopleOutput(list, page: 1), without: ["page"]))
        let person = try PersonDetails(Self.fixture("kobis/people-20164001.json", as: PeopleInfoResponse.self), requestedCode: "20164001")
        let model = try Self.encoded(person)
        Self.expectSame(model, try Self.printed(PersonOutput(person)))
        #expect(Set(model.keys) == ["code", "name", "nameEnglish", "sex", "role", "homepages", "filmography"])
        #expect((model["filmography"] as? [[String: Any]])?.first.map { Set($0.keys) } == ["movieCode", "title", "part", "parts"])
    }

    @Test func companiesAndACompanyEncodeAsTheCLIPrintsThem() throws {
        let list = CompanySearchResult(try Self.fixture("kobis/companylist-companyNm=쇼박스.json", as: CompanyListResponse.self))
        let listed = try Self.encoded(list)
        Self.expectSame(listed, try Self.printed(CompaniesOutput(list, page: 1), without: ["page"]))
        #expect(
            (listed["companies"] as? [[String: Any]])?.first.map { Set($0.keys) } == ["code", "name", "nameEnglish", "ceo", "parts", "filmography"])
        let company = try CompanyDetails(Self.fixture("kobis/company-20060555.json", as: CompanyInfoResponse.self), requestedCode: "20060555")
        let model = try Self.encoded(company)
        Self.expectSame(model, try Self.printed(CompanyOutput(company)))
        #expect((model["filmography"] as? [[String: Any]])?.first.map { Set($0.keys) } == ["movieCode", "title", "parts"])
    }

    @Test func codeListsEncodeAsTheCLIPrintsThem() throws {
        for group in ["0105000000", "2201", "2204", "2601"] {
            let list = CodeList(try Self.fixture("kobis/codes-\(group).json", as: CodeListResponse.self), group: group)
            let model = try Self.encoded(list)
            Self.expectSame(model, try Self.printed(CodesOutput(list)))
            let codes = try #require(model["codes"] as? [[String: Any]])
            #expect(!codes.isEmpty && codes.allSatisfy { Set($0.keys) == ["code", "name", "nameEnglish"] })
        }
    }

    // MARK: The report

    @Test func theReportEncodesAsTheCLIPrintsItButTheKind() throws {
        let date = try #require(KSTDate(year: 2023, month: 8, day: 18))
        var charts: [KSTDate: BoxOfficeChart] = [:]
        for day in 11...18 {
            let chart = try Self.chart("kobis/daily-202308\(day).json", kind: .daily)
            charts[chart.startDate] = chart
        }
        var report = DailyReport(date: date, days: DailyReport.chartDays(for: date, days: 7).window, charts: charts)
        let model = try Self.encoded(report)
        Self.expectSame(model, try Self.printed(ReportOutput(report), without: ["kind"]))
        #expect(Set(model.keys) == ["date", "days", "movies", "newEntries", "reentries", "milestones", "climber", "faller", "sameWeekdayLastWeek"])
        let movies = try #require(model["movies"] as? [[String: Any]])
        #expect(movies.allSatisfy { $0["posterURL"] is NSNull }, "a report's movie always has posterURL")
        #expect((movies.first { $0["title"] as? String == "오펜하이머" }?["trend"] as? [Any])?.first is NSNull, "a gap in the trend is null")
        #expect((model["sameWeekdayLastWeek"] as? [String: Any])?["date"] as? String == "2023-08-11")

        report.climber = nil
        report.sameWeekdayLastWeek = nil
        let bare = try Self.encoded(report)
        #expect(bare["climber"] is NSNull && bare["sameWeekdayLastWeek"] is NSNull, "what the report lacks is null")
        Self.expectSame(bare, try Self.printed(ReportOutput(report), without: ["kind"]))

        let start = try #require(KSTDate(year: 2023, month: 1, day: 1))
        report.yearSoFar = DailyReport.YearSoFar(from: start, to: date, audience: 70_000_000, sales: 700_000_000_000)
        let withYear = try Self.encoded(report)
        Self.expectSame(withYear, try Self.printed(ReportOutput(report), without: ["kind"]))
        #expect((withYear["yearSoFar"] as? [String: Any])?["leaderCode"] is NSNull, "a year without a leader says so")
    }

    // MARK: The trend

    @Test func aTrendEncodesAsTheCLIPrintsIt() throws {
        // 오펜하이머 opened on the 15th: the days before are outside the top 10.
        let days = try (12...18).map { day in
            let chart = try Self.chart("kobis/daily-202308\(day).json", kind: .daily)
            return MovieTrend.Day(date: chart.startDate, entry: chart.entries.first { $0.code == "20232193" })
        }
        let trend = MovieTrend(code: "20232193", title: "오펜하이머", days: days)
        #expect(trend.id == "20232193" && days.contains { $0.entry == nil } && days.contains { $0.entry != nil })
        let model = try Self.encoded(trend)
        Self.expectSame(model, try Self.printed(TrendOutput(trend)))
        let encodedDays = try #require(model["days"] as? [[String: Any]])
        #expect(encodedDays.allSatisfy { Set($0.keys) == Self.chartKeys.union(["date"]) }, "a day is its line of the chart")
        #expect(encodedDays[0]["date"] as? String == "2023-08-12" && encodedDays[0]["rank"] is NSNull, "a day outside the top 10 is nulls")
        #expect(encodedDays[0].values.filter { !($0 is NSNull) }.count == 1, "all but the date")
        #expect((encodedDays[6]["rank"] as? NSNumber)?.intValue == 2)
    }

    // MARK: Small values

    static func text<Value: Codable & Equatable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        String(decoding: try roundTrip(value, sourceLocation: sourceLocation), as: UTF8.self)
    }

    @Test func smallValuesEncodeAsTheChartsWriteThem() throws {
        #expect(try Self.text(KSTDate(year: 2023, month: 8, day: 9)) == #""2023-08-09""#)
        #expect(try Self.text([RankChange.up(3), .down(2), .same, .new]) == #"[3,-2,0,"new"]"#)
        #expect(
            String(decoding: try JSONEncoder().encode(RankChange.down(Int.min)), as: UTF8.self) == String(-Int.max),
            "no trap on a change too large to negate")
        #expect(try Self.text([ChartKind.daily, .weekly(.weekend)]) == #"["daily","weekend"]"#)
        #expect(try Self.text(WeekPeriod.weekdays) == #""weekdays""#)
        #expect(try Self.text(ChartFilter.MovieType.independent) == #""independent""#)
        #expect(try Self.encoded(ChartFilter()).count == 3, "an empty filter names its three fields as null")
        #expect(try Self.encoded(ChartFilter()).values.allSatisfy { $0 is NSNull })
        #expect(try Self.encoded(Region.all[0]) as? [String: String] == ["code": "0105001", "name": "서울"])
    }

    // MARK: Built by hand

    @Test func modelsAreBuiltFieldByFieldAndIdentifiedByTheirCodes() throws {
        let chart = try Self.chart("kobis/daily-20230818.json", kind: .daily)
        for entry in chart.entries {
            let rebuilt = ChartEntry(
                rank: entry.rank, rankIntensity: entry.rankIntensity, isNew: entry.isNew, code: entry.code, title: entry.title,
                openDate: entry.openDate, audience: entry.audience, audienceChange: entry.audienceChange,
                audienceChangeRate: entry.audienceChangeRate, audienceTotal: entry.audienceTotal, sales: entry.sales,
                salesShare: entry.salesShare, salesChange: entry.salesChange, salesChangeRate: entry.salesChangeRate,
                salesTotal: entry.salesTotal, screens: entry.screens, shows: entry.shows, posterURL: entry.posterURL)
            #expect(rebuilt == entry && rebuilt.id == entry.code)
        }
        #expect(Set(chart.entries).count == chart.entries.count, "Hashable")

        let movie = try MovieDetails(Self.fixture("kobis/movie-20226411.json", as: MovieInfoResponse.self), requestedCode: "x")
        let rebuilt = MovieDetails(
            code: movie.code, title: movie.title, titleEnglish: movie.titleEnglish, titleOriginal: movie.titleOriginal,
            productionYear: movie.productionYear, openDate: movie.openDate, runtimeMinutes: movie.runtimeMinutes, status: movie.status,
            type: movie.type, nations: movie.nations, genres: movie.genres,
            directors: movie.directors.map { MovieDetails.Person(name: $0.name, nameEnglish: $0.nameEnglish) },
            actors: movie.actors.map { MovieDetails.Actor(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role, roleEnglish: $0.roleEnglish) },
            companies: movie.companies.map { MovieDetails.Company(code: $0.code, name: $0.name, nameEnglish: $0.nameEnglish, part: $0.part) },
            ratings: movie.ratings.map { MovieDetails.Rating(number: $0.number, grade: $0.grade) },
            staff: movie.staff.map { MovieDetails.StaffMember(name: $0.name, nameEnglish: $0.nameEnglish, role: $0.role) },
            showTypes: movie.showTypes.map { MovieDetails.ShowType(group: $0.group, name: $0.name) })
        #expect(rebuilt == movie && rebuilt.id == "20226411")

        let date = try #require(KSTDate(year: 2023, month: 8, day: 18))
        let preview = DailyReport(
            date: date, days: [date],
            movies: [DailyReport.Movie(rank: 1, code: "20226411", title: "콘크리트 유토피아", audience: 112_934, trend: [112_934])],
            newEntries: [], climber: DailyReport.Move(code: "20226411", title: "콘크리트 유토피아", rank: 1, previousRank: 2, rankIntensity: 1),
            milestones: [DailyReport.Milestone(code: "20226411", title: "콘크리트 유토피아", milestone: 2_000_000)],
            sameWeekdayLastWeek: DailyReport.WeekComparison(date: date.adding(days: -7), audience: 2, audienceThatDay: 1, change: 1, changeRate: 100))
        #expect(preview.movies[0].id == "20226411" && preview.climber?.id == "20226411" && preview.milestones[0].id == "20226411")
        Self.expectSame(try Self.encoded(preview), try Self.printed(ReportOutput(preview), without: ["kind"]))

        let company = CompanyDetails(
            code: "20060555", name: "(주)쇼박스", filmography: [CompanyDetails.Film(movieCode: "20218541", title: "밀수", parts: ["배급사"])])
        #expect(company.id == "20060555" && company.filmography[0].id == "20218541")
        let person = PersonDetails(code: "20164001", name: "봉준호", filmography: [PersonDetails.Film(movieCode: "20183782")])
        #expect(person.id == "20164001" && person.nameEnglish == nil)
        #expect(PersonSummary(code: "1", name: "a").id == "1" && CompanySummary(code: "2", name: "b").id == "2")
        #expect(MovieSummary(code: "3", title: "c").id == "3" && Region.all[0].id == "0105001")
        let codes = CodeList(group: "2201", codes: [CodeList.Code(code: "220101", name: "장편")])
        #expect(codes.id == "2201" && codes.codes[0].id == "220101")
        Self.expectSame(try Self.encoded(codes), try Self.printed(CodesOutput(codes)))
        let images = ImageSearchResult(totalCount: 1, pageableCount: 1, images: [ImageResult(imageURL: "https://example.invalid/a.jpg")])
        Self.expectSame(try Self.encoded(images), try Self.printed(ImagesOutput(images)))
    }
}
