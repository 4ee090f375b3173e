import Foundation
import Testing

/// The people, company and code commands and the movie list's filters, run as a user would
/// against a loopback server answering from our fixtures.
@Suite(.serialized)
struct ServicesEndToEndTests {
    static let commands: [[String]] = [
        ["people", "봉준호"], ["person", "20164001"], ["companies", "쇼박스"], ["company", "20060555"], ["codes", "regions"],
        ["codes", "nations"], ["codes", "movie-types"], ["codes", "company-parts"], ["search", "--nation", "한국", "--type", "장편", "--year", "2023"],
    ]

    @Test(arguments: ["table", "tsv", "csv", "json", "jsonl", "markdown"])
    func everyCommandInEveryFormat(_ format: String) async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        for arguments in Self.commands {
            let run = try await state.run(arguments + ["--format", format])
            #expect(run.status == 0, "\(arguments) \(format): \(run.stderr)")
            #expect(run.stderr.isEmpty && run.stdout.hasSuffix("\n"), "\(arguments) \(format): \(run.stderr)")
            BinaryRunner.expectNoKey(run)
            switch format {
            case "json":
                #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any], "\(arguments)")
            case "jsonl":
                #expect(try run.stdout.split(separator: "\n").allSatisfy { try JSONSerialization.jsonObject(with: Data($0.utf8)) is [String: Any] })
            case "csv":
                let header = run.stdout.split(separator: "\n").first ?? ""
                #expect(header.contains("code") && !header.contains(" "), "\(arguments): \(header)")
            default:
                #expect(!run.stdout.isEmpty)
            }
        }
    }

    @Test func theJSONShapesAreTheContract() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        func object(_ arguments: [String]) async throws -> [String: Any] {
            let run = try await state.run(arguments + ["--format", "json"])
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        }
        let people = try await object(["people", "봉준호"])
        #expect(people["totalCount"] as? Int == 2 && people["page"] as? Int == 1)
        let bong = try #require((people["people"] as? [[String: Any]])?.first)
        #expect(Set(bong.keys) == ["code", "name", "nameEnglish", "role", "filmography"])
        #expect(bong["filmography"] as? [String] == ["기생충", "설국열차"])
        let person = try await object(["person", "20164001"])
        #expect(Set(person.keys) == ["code", "name", "nameEnglish", "sex", "role", "homepages", "filmography"])
        let films = try #require(person["filmography"] as? [[String: Any]])
        #expect(films.first?["movieCode"] as? String == "20183782" && films.first?["part"] as? String == "감독")
        #expect(films.count == 2 && films.first?["parts"] as? [String] == ["감독", "각본"], "기생충 once, with both parts, as a company's films")
        let companies = try await object(["companies", "쇼박스"])
        let showbox = try #require((companies["companies"] as? [[String: Any]])?.first)
        #expect(Set(showbox.keys) == ["code", "name", "nameEnglish", "ceo", "parts", "filmography"])
        #expect(showbox["parts"] as? [String] == ["배급사", "제작사"])
        let company = try await object(["company", "20060555"])
        let companyFilms = try #require(company["filmography"] as? [[String: Any]])
        #expect(companyFilms.count == 2, "밀수 once, with both parts")
        #expect(companyFilms.first?["parts"] as? [String] == ["배급사", "제작사"])
        let codes = try await object(["codes", "regions"])
        #expect(codes["group"] as? String == "0105000000")
        #expect((codes["codes"] as? [[String: Any]])?.first?["code"] as? String == "0105001")
    }

    @Test func aPersonOrCompanyAsCSVNamesThemOnEveryFilmRow() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let person = try await state.run(["person", "20164001", "--format", "csv"]).stdout.split(separator: "\n")
        #expect(person.first == "person_code,person_name,movie_code,title,part,parts")
        #expect(person.dropFirst().first == "20164001,봉준호,20183782,기생충,감독,감독; 각본")
        let company = try await state.run(["company", "20060555", "--format", "csv"]).stdout.split(separator: "\n")
        #expect(company.first == "company_code,company_name,movie_code,title,parts")
        #expect(
            company.dropFirst().allSatisfy {
                $0.hasPrefix("20060555,") && $0.split(separator: ",")[1] == company.dropFirst().first?.split(separator: ",")[1]
            })
    }

    @Test func namesBecomeCodesThroughTheirCodeGroups() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let search = try await state.run(["search", "--nation", "한국", "--type", "장편", "--year", "2023"])
        #expect(search.status == 0, "\(search.stderr)")
        let list = try #require(server.requests.last { $0.path == "/movie/searchMovieList.json" })
        #expect(list.query["repNationCd"] == "22041011" && list.query["movieTypeCd"] == "220101")
        #expect(list.query["openStartDt"] == "2023" && list.query["openEndDt"] == "2023")
        let unknown = try await state.run(["companies", "--part", "없는역할"])
        BinaryRunner.expectFailure(unknown, status: 64, mentioning: ["배급사"])
        #expect(unknown.stderr.contains("Usage: boxoffice companies"), "the command's own usage: \(unknown.stderr)")
    }

    @Test func allWalksEveryPageWithinTheQuota() async throws {
        let server = try LoopbackServer { request in
            let page = Int(request.query["curPage"] ?? "1") ?? 1
            let size = Int(request.query["itemPerPage"] ?? "10") ?? 10
            let people = (0..<min(size, 250 - (page - 1) * size)).map { index in
                #"{"peopleCd":"\#(page * 1000 + index)","peopleNm":"사람\#(page)-\#(index)","peopleNmEn":"","repRoleNm":"배우","filmoNames":""}"#
            }
            return .json(#"{"peopleListResult":{"totCnt":250,"peopleList":[\#(people.joined(separator: ","))]}}"#)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(["people", "사람", "--all", "--format", "jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 250)
        #expect(Set(server.requests.compactMap { $0.query["curPage"] }) == ["1", "2", "3"])
        #expect(server.requests.allSatisfy { $0.query["itemPerPage"] == "100" })
        try TrustEndToEndTests.setLedger(state, kobisCalls: 2_999)
        let refused = try await state.run(["people", "사람", "--all", "--no-cache"])
        // The first page spends the last call (and earns the 90 % warning); the other two do not fit.
        #expect(refused.status == 75 && refused.stdout.isEmpty, "\(refused.stderr)")
        #expect(refused.stderr.contains("needs 2") && refused.stderr.hasPrefix("Warning:"), "\(refused.stderr)")
    }

    @Test func allThatStopsAtItsLimitSaysSoOnStderrAndInTheData() async throws {
        let server = try LoopbackServer { request in
            let page = Int(request.query["curPage"] ?? "1") ?? 1
            let size = Int(request.query["itemPerPage"] ?? "10") ?? 10
            let people = (0..<size).map { index in
                #"{"peopleCd":"\#(page * 1000 + index)","peopleNm":"사람\#(page)-\#(index)","peopleNmEn":"","repRoleNm":"배우","filmoNames":""}"#
            }
            return .json(#"{"peopleListResult":{"totCnt":2345,"peopleList":[\#(people.joined(separator: ","))]}}"#)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let lines = try await state.run(["people", "사람", "--all", "--format", "jsonl"])
        #expect(lines.status == 0 && lines.stderr.contains("--all stopped at the first 1,000 of 2,345 results"), "\(lines.stderr)")
        let records = lines.stdout.split(separator: "\n")
        #expect(records.count == 1_001 && records.last == #"{"truncated":true,"shown":1000,"totalCount":2345}"#, "\(records.last ?? "")")
        let json = try await state.run(["people", "사람", "--all", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["truncated"] as? Bool == true && (object["people"] as? [Any])?.count == 1_000)
        let page = try await state.run(["people", "사람", "--format", "json"])
        #expect(!page.stdout.contains("truncated") && !page.stderr.contains("stopped"), "a page is a page: \(page.stderr)")
    }

    @Test(.enabled(if: TestTools.runsSampleTests, "the shared captures are not beside the repository (../shared/samples)"))
    func theSharedCapturesReplay() async throws {
        for (arguments, expected) in [(["person", "20164556"], "김종현"), (["company", "20122497"], "조이앤컨텐츠"), (["codes", "regions"], "세종시")] {
            let run = try await BinaryRunner(keys: false).run(arguments + ["--replay", "../shared/samples"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains(expected), "\(arguments): \(run.stdout)")
        }
    }

    @Test func anUnknownPersonOrCompanyPointsAtItsSearch() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["person", "99999999"])
        BinaryRunner.expectFailure(run, status: 1, mentioning: ["boxoffice people"])
    }

    @Test func anEmptyListIsSuccessAndAFaultIsAnError() async throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/people")
                ? .json(#"{"peopleListResult":{"totCnt":0,"peopleList":[],"source":"영화진흥위원회"}}"#)
                : .fixture("errors/kobis-fault-320102.json")
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let empty = try await state.run(["people", "없는사람", "--format", "json"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("\"people\": []") || empty.stdout.contains("\"people\" : ["), "\(empty.stdout)")
        let fault = try await state.run(["companies", "어느회사"])
        BinaryRunner.expectFailure(fault, status: 69, mentioning: ["320102"])
    }
}
