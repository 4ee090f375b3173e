@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

struct URLBuildingTests {
    let client = BoxOfficeClient.testing(StubLoader(body: Data()))
    let date = KSTDate(year: 2023, month: 8, day: 18)!

    @Test func dailyChartURLCarriesKeyAndDate() throws {
        let request = try client.makeRequest(for: .dailyBoxOffice(on: date))
        #expect(request.url.absoluteString == "https://kobis.test/rest/boxoffice/searchDailyBoxOfficeList.json?key=TESTKEY123&targetDt=20230818")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "BoxOfficeCore/\(BoxOfficeClient.version)")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func dailyChartFiltersAreSentInFixedOrder() throws {
        let filter = ChartFilter(nation: .korean, movieType: .independent, region: Region.named("서울"))
        let request = try client.makeRequest(for: .dailyBoxOffice(on: date, filter: filter))
        #expect(
            request.url.absoluteString
                == "https://kobis.test/rest/boxoffice/searchDailyBoxOfficeList.json?key=TESTKEY123&targetDt=20230818&multiMovieYn=Y&repNationCd=K&wideAreaCd=0105001"
        )
    }

    @Test func weeklyChartAsksForThePeriodsLastDay() throws {
        let week = try client.makeRequest(for: .weeklyBoxOffice(containing: date, period: .week))
        #expect(
            week.url.absoluteString == "https://kobis.test/rest/boxoffice/searchWeeklyBoxOfficeList.json?key=TESTKEY123&targetDt=20230820&weekGb=0")
        let weekdays = try client.makeRequest(for: .weeklyBoxOffice(containing: date, period: .weekdays))
        #expect(weekdays.url.absoluteString.hasSuffix("targetDt=20230817&weekGb=2") == true)
    }

    @Test func movieInfoURL() throws {
        let request = try client.makeRequest(for: .movieInfo(code: "20124079"))
        #expect(request.url.absoluteString == "https://kobis.test/rest/movie/searchMovieInfo.json?key=TESTKEY123&movieCd=20124079")
    }

    @Test func koreanAndReservedCharactersArePercentEncoded() throws {
        let request = try client.makeRequest(for: .movieList(MovieSearchQuery(title: "밀수 A+B&C", openedFromYear: 2023, openedToYear: 2023)))
        #expect(
            request.url.absoluteString
                == "https://kobis.test/rest/movie/searchMovieList.json?key=TESTKEY123&movieNm=%EB%B0%80%EC%88%98%20A%2BB%26C&openStartDt=2023&openEndDt=2023"
        )
    }

    @Test func kakaoKeyTravelsInTheHeaderOnly() throws {
        let request = try client.makeRequest(for: .imageSearch(ImageSearchQuery(text: "밀수 영화 포스터", sort: .recency, page: 2, size: 5)))
        #expect(
            request.url.absoluteString
                == "https://kakao.test/v2/search/image?query=%EB%B0%80%EC%88%98%20%EC%98%81%ED%99%94%20%ED%8F%AC%EC%8A%A4%ED%84%B0&sort=recency&page=2&size=5"
        )
        #expect(request.value(forHTTPHeaderField: "Authorization") == "KakaoAK KAKAOKEY456")
    }

    @Test func missingKeyIsAnErrorBeforeAnyRequest() throws {
        let configuration = ClientConfiguration(kobisBaseURL: URL(string: "https://kobis.test")!, kakaoBaseURL: URL(string: "https://kakao.test")!)
        let client = BoxOfficeClient(configuration: configuration, loader: StubLoader(body: Data()))
        #expect(throws: BoxOfficeError.missingAPIKey(.kobis)) { try client.makeRequest(for: .movieInfo(code: "1")) }
    }

    @Test func theRealHostsAreTheDefaultsAndTheUserAgentIsTheApps() throws {
        let client = BoxOfficeClient(
            configuration: ClientConfiguration(kobisKey: "TESTKEY123", userAgent: "MyApp/2.1"), loader: StubLoader(body: Data()))
        let request = try client.makeRequest(for: .movieInfo(code: "20124079"))
        #expect(
            request.url.absoluteString
                == "https://www.kobis.or.kr/kobisopenapi/webservice/rest/movie/searchMovieInfo.json?key=TESTKEY123&movieCd=20124079")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "MyApp/2.1")
        #expect(ClientConfiguration().kakaoBaseURL.absoluteString == "https://dapi.kakao.com")
        #expect(ClientConfiguration().userAgent == "BoxOfficeCore/\(BoxOfficeClient.version)")
    }
}
