@testable import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// The people, company and code services: every capture decodes to typed values, and the
/// requests carry the documented parameters.
struct PeopleCompanyCodeTests {
    let client = BoxOfficeClient.testing(StubLoader(body: Data()))

    func sample(_ name: String) throws -> Data {
        try Data(contentsOf: TestFiles.samples.appendingPathComponent("kobis/\(name)"))
    }

    @Test(.sharedSamples) func peopleListCapturesDecodeWithFilmographySplitOnBars() throws {
        for name in ["peoplelist-capture1.json", "peoplelist-capture2.json"] {
            let response = try client.interpret(try sample(name), response: nil, for: .peopleList(PeopleQuery()))
            let result = PeopleSearchResult(response)
            #expect(result.people.count == 10, "\(name)")
            #expect(result.totalCount > 189_000)
            #expect(result.people.allSatisfy { !$0.code.isEmpty && !$0.name.isEmpty })
            #expect(result.people.allSatisfy { $0.nameEnglish != "" }, "blank English names are nil")
        }
        let first = PeopleSearchResult(try client.interpret(try sample("peoplelist-capture2.json"), response: nil, for: .peopleList(PeopleQuery())))
        #expect(first.people[0].code == "20350945" && first.people[0].role == "의상" && first.people[0].filmography == ["기억의 재구성"])
    }

    @Test(.sharedSamples) func aPersonCaptureDecodes() throws {
        let response = try client.interpret(try sample("people-20164556.json"), response: nil, for: .peopleInfo(code: "20164556"))
        let person = try PersonDetails(response, requestedCode: "20164556")
        #expect(person.name == "김종현" && person.nameEnglish == "Kim Hong-hyeon" && person.sex == "남자" && person.role == "기획진행")
        #expect(person.homepages.isEmpty)
        #expect(
            person.filmography == [
                .init(movieCode: "20080394", title: "비스티 보이즈", part: "기획진행"), .init(movieCode: "20070072", title: "우아한 세계", part: "제작팀"),
            ])
    }

    @Test(.sharedSamples) func aCompanyListCaptureDecodesWithCommaJoinedValues() throws {
        let response = try client.interpret(try sample("companylist-capture1.json"), response: nil, for: .companyList(CompanyQuery()))
        let result = CompanySearchResult(response)
        #expect(result.companies.count == 10 && result.totalCount == 12_271)
        #expect(result.companies.filter { $0.nameEnglish == nil }.count == 7)
        #expect(result.companies.filter { $0.filmography.isEmpty }.count == 6)
        #expect(result.companies[0].parts == ["제작사"] && result.companies[0].ceo == "원태웅")
    }

    @Test(.sharedSamples) func aCompanyCaptureListsEachFilmOnceWithAllItsParts() throws {
        let data = try sample("company-20122497.json")
        let response = try client.interpret(data, response: nil, for: .companyInfo(code: "20122497"))
        let company = try CompanyDetails(response, requestedCode: "20122497")
        #expect(company.name == "(유)조이앤컨텐츠그룹" && company.nameEnglish == "JOY N CONTENTS GROUP" && company.ceo == "최광래")
        #expect(company.parts == ["제작사", "배급사", "수입사"])
        let rows = response.companyInfoResult.companyInfo?.filmos?.count ?? 0
        #expect(rows == 412)
        #expect(Set(company.filmography.map(\.movieCode)).count == company.filmography.count, "each film once")
        #expect(company.filmography.count < rows)
        let gunman = try #require(company.filmography.first { $0.movieCode == "20173021" })
        #expect(gunman.parts == ["배급사", "수입사"])
        #expect(company.filmography.first?.movieCode == "20173021", "a film stays where it first appeared")
    }

    @Test(.sharedSamples) func theRegionCodesCaptureDecodesAndMatchesTheBuiltInRegions() throws {
        let response = try client.interpret(try sample("codes-0105000000.json"), response: nil, for: .codeList(group: "0105000000"))
        let list = CodeList(response, group: "0105000000")
        #expect(list.codes.count == 17)
        #expect(list.codes.allSatisfy { $0.nameEnglish == nil })
        #expect(list.codes.map(\.code) == Region.all.map(\.code), "the built-in table has KOBIS's codes in KOBIS's order")
        for (code, region) in zip(list.codes, Region.all) {
            // 서울시 is 서울, 충청북도 is 충북: the short name is the start, or the first and third syllables.
            let official = Array(code.name)
            let abbreviated = official.count == 4 ? String([official[0], official[2]]) : ""
            #expect(code.name.hasPrefix(region.koreanName) || abbreviated == region.koreanName, "\(code.code): \(code.name) vs \(region.koreanName)")
        }
        #expect(list.code(named: "부산시") == "0105011" && list.code(named: "0105001") == "0105001" && list.code(named: "화성") == nil)
    }

    @Test func requestsCarryTheDocumentedParameters() throws {
        func url<Response>(_ endpoint: Endpoint<Response>) throws -> String? {
            try client.makeRequest(for: endpoint).url.absoluteString.replacingOccurrences(of: "https://kobis.test/rest", with: "")
        }
        #expect(
            try url(.peopleList(PeopleQuery(name: "봉준호", filmography: "괴물", page: 2, itemsPerPage: 20)))
                == "/people/searchPeopleList.json?key=TESTKEY123&curPage=2&itemPerPage=20&peopleNm=%EB%B4%89%EC%A4%80%ED%98%B8&filmoNames=%EA%B4%B4%EB%AC%BC"
        )
        #expect(try url(.peopleInfo(code: "20164556")) == "/people/searchPeopleInfo.json?key=TESTKEY123&peopleCd=20164556")
        #expect(
            try url(.companyList(CompanyQuery(name: "A", ceo: "B", partCode: "260102")))
                == "/company/searchCompanyList.json?key=TESTKEY123&companyNm=A&ceoNm=B&companyPartCd=260102")
        #expect(try url(.companyInfo(code: "20122497")) == "/company/searchCompanyInfo.json?key=TESTKEY123&companyCd=20122497")
        #expect(try url(.codeList(group: "2204")) == "/code/searchCodeList.json?key=TESTKEY123&comCode=2204")
        var search = MovieSearchQuery(openedFromYear: 2020, openedToYear: 2023)
        search.madeFromYear = 2019
        search.madeToYear = 2022
        search.nationCodes = ["22041011", "22042002"]
        search.typeCodes = ["220101"]
        #expect(
            try url(.movieList(search))
                == "/movie/searchMovieList.json?key=TESTKEY123&openStartDt=2020&openEndDt=2023&prdtStartYear=2019&prdtEndYear=2022&repNationCd=22041011%2C22042002&movieTypeCd=220101"
        )
        #expect(Endpoint<PeopleInfoResponse>.peopleInfo(code: "20164556").info.recordingName == "kobis/people-20164556")
        #expect(Endpoint<CodeListResponse>.codeList(group: "0105000000").info.recordingName == "kobis/codes-0105000000")
        #expect(Endpoint<CompanyListResponse>.companyList(CompanyQuery()).info.recordingName == "kobis/companylist")
    }

    @Test(.sharedSamples) func anAnswerForAnotherPersonOrCompanyIsRefused() throws {
        #expect(throws: BoxOfficeError.answerMismatch(.kobis, asked: Words("person 1", "영화인 1"), answered: Words("person 20164556", "영화인 20164556")))
        {
            _ = try client.interpret(try sample("people-20164556.json"), response: nil, for: .peopleInfo(code: "1"))
        }
        #expect(
            throws: BoxOfficeError.answerMismatch(.kobis, asked: Words("company 1", "영화사 1"), answered: Words("company 20122497", "영화사 20122497"))
        ) {
            _ = try client.interpret(try sample("company-20122497.json"), response: nil, for: .companyInfo(code: "1"))
        }
    }

    @Test func cacheLifetimesFollowTheService() {
        #expect(Endpoint<PeopleInfoResponse>.peopleInfo(code: "1").freshness == .details)
        #expect(Endpoint<CompanyListResponse>.companyList(CompanyQuery()).freshness == .search)
        #expect(Endpoint<CodeListResponse>.codeList(group: "2204").freshness == .codeList)
        #expect(CacheLifetime.codeList == 30 * 86_400 && CacheLifetime.details == 7 * 86_400 && CacheLifetime.search == 86_400)
    }
}
