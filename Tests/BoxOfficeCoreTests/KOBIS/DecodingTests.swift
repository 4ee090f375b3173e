@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// Every real capture in shared/samples and every fixture of ours decodes and maps.
struct DecodingTests {
    let client = BoxOfficeClient.testing(StubLoader(body: Data()))

    /// Asks for the day the capture holds, so the answer matches its question.
    func chart(_ data: Data) throws -> BoxOfficeChart {
        let day = try JSONDecoder().decode(BoxOfficeResponse.self, from: data).boxOfficeResult.days().first
        let response = try client.interpret(data, response: nil, for: .dailyBoxOffice(on: day))
        return try BoxOfficeChart(response, kind: .daily, requested: "test")
    }

    /// Asks for the movie the capture holds.
    func movieResponse(_ data: Data) throws -> MovieInfoResponse {
        let code = try JSONDecoder().decode(MovieInfoResponse.self, from: data).movieInfoResult.movieInfo?.movieCd ?? ""
        return try client.interpret(data, response: nil, for: .movieInfo(code: code))
    }

    @Test(.sharedSamples) func everyDailyCaptureDecodes() throws {
        let files = TestFiles.samples(in: "kobis", prefix: "daily-")
        #expect(files.count >= 13)
        for file in files {
            let chart = try chart(Data(contentsOf: file))
            #expect(chart.entries.count == 10, "\(file.lastPathComponent)")
            #expect(chart.startDate == chart.endDate)
            #expect(chart.entries.map(\.rank) == Array(1...10))
        }
    }

    @Test(.sharedSamples) func dailyCaptureMapsTypedValues() throws {
        let file = TestFiles.samples.appendingPathComponent("kobis/daily-20120101.json")
        let chart = try chart(Data(contentsOf: file))
        #expect(chart.startDate == KSTDate(year: 2012, month: 1, day: 1))
        let first = try #require(chart.entries.first)
        #expect(first.title == "미션임파서블:고스트프로토콜")
        #expect(first.audience == 353_274)
        #expect(first.salesShare == 36.3)
        #expect(first.salesChange == -415_699_000)
        #expect(first.audienceChangeRate == -14.5)
        #expect(first.openDate == KSTDate(year: 2011, month: 12, day: 15))
        #expect(chart.entries[2].rankChange == .down(1))
        #expect(chart.entries[1].rankChange == .up(1))
    }

    @Test(.sharedSamples) func newEntryWhoseOpeningIsAfterTheChartDay() throws {
        let file = TestFiles.samples.appendingPathComponent("kobis/daily-20250905.json")
        let chart = try chart(Data(contentsOf: file))
        #expect(chart.entries[2].isNew)
        #expect(chart.entries[2].rankChange == .new)
        #expect(chart.entries.contains { ($0.openDate ?? chart.startDate) > chart.startDate })
    }

    @Test(.sharedSamples) func everyMovieCaptureDecodes() throws {
        let files = TestFiles.samples(in: "kobis", prefix: "movie-")
        #expect(files.count >= 15)
        for file in files {
            let movie = try MovieDetails(movieResponse(Data(contentsOf: file)), requestedCode: "x")
            #expect(!movie.code.isEmpty, "\(file.lastPathComponent)")
            #expect(movie.openDate != nil, "\(file.lastPathComponent)")
        }
    }

    @Test(.sharedSamples) func movieCaptureAwkwardValues() throws {
        func movie(_ name: String) throws -> MovieDetails {
            let data = try Data(contentsOf: TestFiles.samples.appendingPathComponent("kobis/\(name)"))
            return try MovieDetails(movieResponse(data), requestedCode: "x")
        }
        let topGun = try movie("movie-20194376.json")
        #expect(topGun.ratings.first?.number?.hasSuffix(" ") == false)
        #expect(topGun.staff.isEmpty)
        #expect(topGun.runtimeMinutes == 130)
        #expect(topGun.openDate == KSTDate(year: 2022, month: 6, day: 22))
        let gongnyeo = try movie("movie-20161797.json")
        #expect(gongnyeo.titleEnglish == nil)
        let luJunYi = try movie("movie-20140165.json")
        #expect(luJunYi.actors.isEmpty)
        let masquerade = try movie("movie-20124079-capture1.json")
        #expect(masquerade.actors.count == 36)
        #expect(masquerade.staff.count == 345)
        #expect(masquerade.actors.first?.role == "광해/하선")
    }

    @Test(.sharedSamples) func everyKakaoCaptureDecodes() throws {
        for file in TestFiles.samples(in: "kakao") {
            let response = try client.interpret(Data(contentsOf: file), response: nil, for: .imageSearch(ImageSearchQuery(text: "x")))
            let result = ImageSearchResult(response)
            #expect(!result.images.isEmpty)
            #expect(result.totalCount > 0)
            #expect(result.bestPoster != nil)
        }
    }

    @Test func ourFixturesDecode() throws {
        let daily = try chart(TestFiles.fixture("kobis/daily-20230818.json"))
        #expect(daily.entries.count == 10)
        #expect(daily.entries[9].openDate == nil)
        #expect(daily.entries[6].isNew)
        let weekly = try client.interpret(
            TestFiles.fixture("kobis/weekly-20230813-weekGb=0.json"), response: nil,
            for: .weeklyBoxOffice(containing: KSTDate(year: 2023, month: 8, day: 13)!, period: .week))
        let chart = try BoxOfficeChart(weekly, kind: .weekly(.week), requested: "week")
        #expect(chart.yearWeek == "202332")
        #expect(chart.startDate == KSTDate(year: 2023, month: 8, day: 7))
        let list = try client.interpret(
            TestFiles.fixture("kobis/movielist-movieNm=밀수.json"), response: nil, for: .movieList(MovieSearchQuery(title: "밀수")))
        let result = try MovieSearchResult(list)
        #expect(result.totalCount == 2)
        #expect(result.movies[1].openDate == nil)
        let posters = ImageSearchResult(
            try client.interpret(
                TestFiles.fixture("kakao/image-search-query=밀수%20영화%20포스터-size=10.json"), response: nil,
                for: .imageSearch(ImageSearchQuery(text: "x"))))
        #expect(posters.bestPoster?.imageURL.hasSuffix("poster.jpg") == true)
    }

    @Test func theBestPosterIsAtAWebAddressNeverADataURI() {
        let dataURI = "data:image/png;base64," + String(repeating: "A", count: 1_000)
        let images = [
            ImageResult(imageURL: dataURI, width: 100, height: 150), ImageResult(imageURL: "javascript:alert(1)", width: 100, height: 150),
            ImageResult(imageURL: "https://img.example/wide.jpg", width: 300, height: 100),
            ImageResult(imageURL: "http://img.example/tall.jpg", width: 100, height: 150),
        ]
        #expect(ImageSearchResult(totalCount: 4, pageableCount: 4, images: images).bestPoster?.imageURL == "http://img.example/tall.jpg")
        #expect(
            ImageSearchResult(totalCount: 3, pageableCount: 3, images: Array(images.prefix(3))).bestPoster?.imageURL == "https://img.example/wide.jpg"
        )
        #expect(ImageSearchResult(totalCount: 2, pageableCount: 2, images: Array(images.prefix(2))).bestPoster == nil, "no address, no poster")
    }

    @Test func trimmingTakesOffOnlyTheSpaceAround() {
        #expect(" 밀수\t".trimmed == "밀수")
        #expect("\u{3000}콘크리트 유토피아\r\n".trimmed == "콘크리트 유토피아")
        #expect("two  words".trimmed == "two  words")
        #expect(" \n\t ".trimmed == "")
        #expect("".trimmed == "")
    }

    @Test func blankAndDecimalWireValues() throws {
        let wire = WireValue(service: .kobis, body: "box-office")
        #expect(try wire.count("audiCnt", " ") == nil)
        #expect(try wire.count("audiCnt", "1,234") == 1_234)
        #expect(try wire.decimal("rankInten", "-2.5") == -2.5)
        #expect(try wire.date("openDt", "") == nil)
        #expect(try wire.date("openDt", " 20230726 ") == KSTDate(year: 2023, month: 7, day: 26))
        #expect(throws: BoxOfficeError.self) { try wire.count("audiCnt", "many") }
        do {
            _ = try wire.count("audiCnt", "many")
        } catch {
            #expect("\(error)".contains("audiCnt"))
        }
    }

    @Test func aWrongValueIsCutAfterWhatATerminalWouldNotShowIsRemoved() throws {
        // 32 characters with a control between each: cut first, 40 of them were 20 of the key,
        // which no redaction of the line could then recognise.
        let key = "0123456789abcdef0123456789ABCDEF"
        let disguised = key.map(String.init).joined(separator: "\u{1B}[0m")
        let wire = WireValue(service: .kobis, body: "box-office")
        let error = try #require(throws: BoxOfficeError.self) { try wire.count("audiCnt", disguised) }
        #expect(error.description.contains("\"\(key)\""), "\(error.description)")
        #expect(SecretRedactor(secrets: [key]).redact(error.description).contains("audiCnt is \"[redacted]\""))
        #expect(WireValue.excerpt(String(repeating: "밀", count: 50) + "\u{1B}]0;x\u{07}") == String(repeating: "밀", count: 40))
    }
}
