import Foundation
import Testing

/// Every command and format, through the real binary and a loopback server that plays both
/// KOBIS and Kakao from `Fixtures/`.
@Suite(.serialized)
struct CommandSurfaceEndToEndTests {
    /// KOBIS and Kakao answered from the fixture files the requests name; image addresses point
    /// at `imageHost` when given; the parameters in `ignoring` do not change the answer.
    static func fixtureServer(imageHost: String? = nil, ignoring: Set<String> = []) throws -> LoopbackServer {
        try LoopbackServer { request in
            var response = StubResponse.recorded(request, ignoring: ignoring)
            if let imageHost, request.path == "/v2/search/image", let body = String(data: response.body, encoding: .utf8) {
                response.body = Data(body.replacingOccurrences(of: "https://example-images.invalid", with: imageHost).utf8)
            }
            return response
        }
    }

    static func state(_ server: LoopbackServer) -> BinaryRunner {
        BinaryRunner(kobisURL: server.baseURL, kakaoURL: server.baseURL)
    }

    static func json(_ run: BinaryRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    // MARK: Weekly and filters

    @Test func weeklyDefaultsToTheWholeWeek() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["weekly", "--date", "20230809"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Weekly box office, 2023-08-07 to 2023-08-13 (Mon–Sun)\n"))
        let request = try #require(server.requests.first)
        #expect(request.query["weekGb"] == "0")
        #expect(request.query["targetDt"] == "20230813")
    }

    @Test func weekendJSONCarriesThePeriodAndYearWeek() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["weekly", "--date", "2023-08-13", "--period", "weekend", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.json(run)
        #expect(object["kind"] as? String == "weekend")
        #expect(object["startDate"] as? String == "2023-08-11")
        #expect(object["endDate"] as? String == "2023-08-13")
        #expect(object["yearWeek"] as? String == "202332")
        #expect(server.requests.first?.query["weekGb"] == "1")
    }

    @Test func filtersReachTheRequest() async throws {
        let server = try Self.fixtureServer(ignoring: ["repNationCd", "multiMovieYn", "wideAreaCd"])
        defer { server.stop() }
        let state = Self.state(server)
        let run = try await state.run([
            "daily", "--date", "20230818", "--nation", "korean", "--type", "independent", "--region", "서울", "--limit", "3", "--no-cache",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let query = try #require(server.requests.last?.query)
        #expect(query["repNationCd"] == "K")
        #expect(query["multiMovieYn"] == "Y")
        #expect(query["wideAreaCd"] == "0105001")
        // The top 3 are cut from the full chart, so every --limit shares one cache entry.
        #expect(query["itemPerPage"] == nil)
        #expect(run.stdout.split(separator: "\n").count == 2 + 3)
        _ = try await state.run(["daily", "--date", "20230818", "--region", "seoul", "--nation", "foreign", "--type", "commercial", "--no-cache"])
        let english = try #require(server.requests.last?.query)
        #expect(english["wideAreaCd"] == "0105001")
        #expect(english["repNationCd"] == "F")
        #expect(english["multiMovieYn"] == "N")
    }

    // MARK: Search, images, posters

    @Test func searchFindsCodes() async throws {
        let server = try Self.fixtureServer(ignoring: ["directorNm", "openStartDt", "openEndDt"])
        defer { server.stop() }
        let state = Self.state(server)
        let table = try await state.run(["search", "\u{3000}밀수 ", "--director", "류승완", "--year", "2023"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("20218541") && table.stdout.contains("Smugglers"))
        let request = try #require(server.requests.last)
        #expect(request.query["movieNm"] == "밀수")
        #expect(request.query["directorNm"] == "류승완")
        #expect(request.query["openStartDt"] == "2023" && request.query["openEndDt"] == "2023")
        let json = try await Self.json(try state.run(["search", "밀수", "--format", "json"]))
        #expect(json["totalCount"] as? Int == 2)
        let first = try #require((json["movies"] as? [[String: Any]])?.first)
        #expect(first["genres"] as? [String] == ["범죄", "액션"])
    }

    @Test func searchWithoutMatchesIsAnEmptyListAndSuccess() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["search", "없는영화제목", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.json(run)
        #expect((object["movies"] as? [Any])?.isEmpty == true)
        #expect(object["totalCount"] as? Int == 0)
    }

    @Test func imagesUseTheKakaoKeyInTheHeader() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["images", " 밀수\n", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v2/search/image")
        #expect(request.headers["authorization"] == "KakaoAK \(BinaryRunner.kakaoKey)")
        #expect(request.query["query"] == "밀수")
        let object = try Self.json(run)
        #expect(object["totalCount"] as? Int == 1534)
        #expect(object["pageableCount"] as? Int == 812)
        #expect(object["isEnd"] as? Bool == false)
        let image = try #require((object["images"] as? [[String: Any]])?.first)
        for key in ["imageURL", "thumbnailURL", "width", "height", "site", "documentURL", "datetime"] {
            #expect(image[key] != nil, "images[0] lacks \(key)")
        }
        BinaryRunner.expectNoKey(run)
    }

    @Test func posterPrintsTheBestPortraitImage() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["poster", "20218541"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "https://example-images.invalid/smugglers/poster.jpg\n")
        #expect(server.requests.last?.query["query"] == "밀수 영화 포스터")
    }

    @Test func posterDownloadSavesTheImageWithoutTheKakaoKey() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 200))
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: png) }
        defer { images.stop() }
        let server = try Self.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = Self.state(server)
        let target = state.home.appendingPathComponent("smugglers.png")
        let run = try await state.run(["poster", "20218541", "--download", target.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == images.baseURL + "/smugglers/poster.jpg\n")
        #expect(try Data(contentsOf: target) == png)
        let fetched = try #require(images.requests.first)
        #expect(fetched.path == "/smugglers/poster.jpg")
        #expect(fetched.headers["authorization"] == nil, "the Kakao key must not reach the image host")
        BinaryRunner.expectNoKey(run)
        #expect(!run.stderr.contains("Warning"), "a .png name for PNG bytes needs no word: \(run.stderr)")
        let misnamed = state.home.appendingPathComponent("smugglers.jpg")
        let told = try await state.run(["poster", "20218541", "--download", misnamed.path])
        #expect(told.status == 0 && (try? Data(contentsOf: misnamed)) == png)
        #expect(told.stderr.contains("The image is PNG, not JPEG as"), "PNG bytes under .jpg are said: \(told.stderr)")
    }

    @Test func aDownloadThatIsNotAnImageLeavesNoFile() async throws {
        let images = try LoopbackServer { _ in .fixture("errors/html-error-page.html") }
        defer { images.stop() }
        let server = try Self.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = Self.state(server)
        let target = state.home.appendingPathComponent("poster.jpg")
        let run = try await state.run(["poster", "20218541", "--download", target.path])
        BinaryRunner.expectFailure(run, status: 65)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.home.path).filter { $0.contains("poster") }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    @Test func aDownloadThatCannotBeSavedIsALocalError() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: png) }
        defer { images.stop() }
        let server = try Self.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = Self.state(server)
        let target = state.home.appendingPathComponent("no-such-folder/poster.png")
        let run = try await state.run(["poster", "20218541", "--download", target.path])
        BinaryRunner.expectFailure(run, status: 73, mentioning: ["Cannot write", "no-such-folder"])
    }

    @Test func noPosterImageExitsOne() async throws {
        let server = try LoopbackServer { request in
            request.path == "/v2/search/image" ? .fixture("errors/kakao-no-images.json") : .fixture("kobis/movie-20218541.json")
        }
        defer { server.stop() }
        let run = try await Self.state(server).run(["poster", "20218541"])
        BinaryRunner.expectFailure(run, status: 1, mentioning: ["밀수"])
    }

    @Test func chartsWithPosters() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(["daily", "--date", "20230818", "--posters", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let movies = try #require(try Self.json(run)["movies"] as? [[String: Any]])
        #expect(movies[0]["posterURL"] as? String == "https://example-images.invalid/concrete-utopia/poster.jpg")
        #expect(movies[9]["posterURL"] is NSNull, "no image found is null, not a failure")
        #expect(server.requests.filter { $0.path == "/v2/search/image" }.count == 10)
    }

    // MARK: Formats

    @Test(arguments: ["table", "tsv", "csv", "json", "jsonl", "markdown"])
    func everyFormatForDailyAndMovie(_ format: String) async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let state = Self.state(server)
        let daily = try await state.run(["daily", "--date", "20230818", "--format", format])
        let movie = try await state.run(["movie", "20218541", "--format", format])
        for run in [daily, movie] {
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.hasSuffix("\n"))
            #expect(run.stdout.contains("밀수"))
        }
        switch format {
        case "csv":
            let lines = daily.stdout.split(separator: "\n")
            #expect(
                lines.first
                    == "start_date,end_date,rank,rank_change,is_new,code,title,open_date,audience,audience_change,audience_total,sales,sales_share,sales_total,screens,shows,audience_change_rate,sales_change,sales_change_rate"
            )
            #expect(lines.count == 11)
            #expect(lines[10].contains(#","Concrete ""Test"" Title, Vol. 2","#))
            #expect(lines[9].hasPrefix("2023-08-18,2023-08-18,9,1,false,"))
            #expect(movie.stdout.hasPrefix("code,title,title_english,"))
        case "tsv":
            #expect(daily.stdout.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 19 })
        case "json":
            #expect(try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) is [String: Any])
        case "jsonl":
            // One record a line: a movie of the chart, the movie itself.
            let lines = daily.stdout.split(separator: "\n")
            #expect(lines.count == 10)
            #expect(try lines.allSatisfy { try JSONSerialization.jsonObject(with: Data($0.utf8)) is [String: Any] })
            #expect(movie.stdout.split(separator: "\n").count == 1)
        case "markdown":
            #expect(daily.stdout.contains("| # | Change | Title |"))
            #expect(daily.stdout.contains("| ---: |"))
        default:
            #expect(movie.stdout.contains("129 min"))
        }
    }

    @Test func colourFollowsTheFlagAndTheEnvironment() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let state = Self.state(server)
        let always = try await state.run(["daily", "--date", "20230818", "--color", "always"])
        #expect(always.stdout.contains("\u{1B}[31m▲1"))
        let plain = try await state.run(["daily", "--date", "20230818"])
        #expect(!plain.stdout.contains("\u{1B}"), "not a terminal: no colour")
        let forced = try await state.run(["daily", "--date", "20230818"], extraEnvironment: ["CLICOLOR_FORCE": "1"])
        #expect(forced.stdout.contains("\u{1B}["))
        let vetoed = try await state.run(["daily", "--date", "20230818"], extraEnvironment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!vetoed.stdout.contains("\u{1B}"))
        let never = try await state.run(["daily", "--date", "20230818", "--color", "never"], extraEnvironment: ["CLICOLOR_FORCE": "1"])
        #expect(!never.stdout.contains("\u{1B}"))
        // Stripped of colour, the table is the same.
        #expect(always.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain.stdout)
    }

    // MARK: Help and parsing

    @Test func helpVersionAndCompletionNeedNoServerNorKey() async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let help = try await state.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW:"))
        for section in ["EXAMPLES:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] { #expect(help.stdout.contains(section)) }
        let daily = try await state.run(["daily", "-h"])
        #expect(daily.stdout.contains("USAGE: boxoffice daily"))
        let weekly = try await state.run(["help", "weekly"])
        #expect(weekly.stdout.contains("--period"))
        let examples = try #require(weekly.stdout.range(of: "EXAMPLES:"))
        let usage = try #require(weekly.stdout.range(of: "USAGE:"))
        #expect(examples.lowerBound < usage.lowerBound, "examples lead")
        let version = try await state.run(["--version"])
        #expect(version.stdout.hasPrefix("boxoffice "))
        let codes = try await state.run(["help", "exit-codes"])
        for code in ["0", "1", "64", "65", "69", "70", "75", "77", "78", "130"] { #expect(codes.stdout.contains("  \(code) ")) }
        for shell in ["bash", "zsh", "fish"] {
            let script = try await state.run(["completion", shell])
            #expect(script.status == 0)
            #expect(script.stdout.contains("weekly") && script.stdout.contains("poster"))
        }
        #expect(server.requestCount == 0)
    }

    @Test(arguments: [
        (["dialy"], "Did you mean 'daily'"),
        (["daily", "--formt", "json"], "Did you mean '--format'"),
        (["daily", "--format"], "Missing value"),
        (["weekly", "--period", "fortnight"], "--period"),
        (["search"], "Give a title to search for, or --director"),
        (["daily", "20230818"], "Did you mean '--date 20230818'"),
    ])
    func parserMistakesExit64WithAHint(_ arguments: [String], _ hint: String) async throws {
        let server = try Self.fixtureServer()
        defer { server.stop() }
        let run = try await Self.state(server).run(arguments)
        BinaryRunner.expectFailure(run, status: 64, mentioning: [hint])
        #expect(run.stderr.contains("--help"))
        #expect(server.requestCount == 0)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(width - count, 0)) + self
    }
}

/// Defects a new user hit walking through the README (issue "What a new user hits").
@Suite(.serialized)
struct NewUserEndToEndTests {
    @Test func jsonLinesOfSearchesAndImagesAreOneRecordALine() async throws {
        let search = try await BinaryRunner().run(["search", "밀수", "--replay", "Fixtures", "--format", "jsonl"])
        let movies = search.stdout.split(separator: "\n")
        #expect(movies.count == 2 && movies.allSatisfy { $0.hasPrefix("{\"code\":") }, "\(search.stdout)")
        let images = try await BinaryRunner().run(["images", "밀수", "--replay", "Fixtures", "--format", "jsonl"])
        let lines = images.stdout.split(separator: "\n")
        #expect(lines.count > 1 && lines.allSatisfy { $0.hasPrefix("{\"imageURL\":") }, "\(images.stdout)")
    }

    @Test func downloadIntoAFolderNamesTheFileAfterTheMovieAndItsType() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100))
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: png) }
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let folder = state.home.appendingPathComponent("posters")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for target in [folder.path + "/", folder.path] {
            let run = try await state.run(["poster", "20218541", "--download", target, "--format", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("20218541.png")) == png)
            #expect(run.stdout.contains("20218541.png"), "the JSON path says where it went: \(run.stdout)")
        }
    }

    @Test func everyCommandThatPrintsATableTakesColor() async throws {
        for arguments in [["quota"], ["cache", "stats"], ["config", "show"]] {
            let run = try await BinaryRunner().run(arguments + ["--color", "never"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    @Test func searchLabelsTheProductionAndTheOpeningYear() async throws {
        let run = try await BinaryRunner().run(["search", "밀수", "--replay", "Fixtures"])
        #expect(run.stdout.contains("Produced") && run.stdout.contains("Opened") && !run.stdout.contains("Year"), "\(run.stdout)")
    }

    @Test func searchByDirectorAloneNeedsNoTitle() async throws {
        let server = try LoopbackServer { _ in .fixture("kobis/movielist-movieNm=밀수.json") }
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["search", "--director", "봉준호"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.requests.last?.query["directorNm"] == "봉준호")
        #expect(server.requests.last?.query["movieNm"] == nil)
    }

    @Test func sharesHaveOneDecimalEverywhere() async throws {
        let table = try await BinaryRunner().run(["daily", "--date", "20230818", "--replay", "Fixtures"])
        let markdown = try await BinaryRunner().run(["daily", "--date", "20230818", "--replay", "Fixtures", "--format", "markdown"])
        let quota = try await BinaryRunner().run(["quota"])
        for text in [table.stdout, markdown.stdout, quota.stdout] {
            let shares = text.matches(of: /[0-9.]+%/).map { String($0.output) }
            #expect(!shares.isEmpty, "\(text)")
            #expect(shares.allSatisfy { $0.wholeMatch(of: /[0-9]+\.[0-9]%/) != nil }, "\(shares)")
        }
    }

    @Test func titlesLoseSurroundingSpacesInChartsAsInMovies() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.fixture("kobis/daily-20230818.json")
            response.body = Data(
                String(decoding: response.body, as: UTF8.self)
                    .replacingOccurrences(of: "\"movieNm\":\"밀수\"", with: "\"movieNm\":\"  밀수  \"").utf8)
            return response
        }
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["daily", "--date", "20230818", "--format", "json"])
        #expect(run.stdout.contains("\"밀수\""), "\(run.stdout)")
        #expect(!run.stdout.contains("  밀수"))
    }

    @Test func aWeekThatHasNotEndedIsAUsageError() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["weekly", "--date", "today"])
        BinaryRunner.expectFailure(run, status: 64, mentioning: ["has not ended yet"])
        #expect(server.requestCount == 0)
    }

    @Test func errorWordingSaysWhatToDo() async throws {
        let limit = try LoopbackServer(sequence: [.fixture("errors/kobis-fault-limit.json")])
        defer { limit.stop() }
        let limited = try await BinaryRunner(kobisURL: limit.baseURL).run(["daily", "--date", "20230818"])
        #expect(!limited.stderr.contains(".."), "\(limited.stderr)")
        let down = try LoopbackServer(sequence: [StubResponse(status: 503)])
        defer { down.stop() }
        let unavailable = try await BinaryRunner(kobisURL: down.baseURL).run(["daily", "--date", "20230818", "--retries", "1"])
        BinaryRunner.expectFailure(unavailable, status: 69, mentioning: ["HTTP 503", "all 2 attempts", "Try again later"])
    }

    @Test func aFailedReplayedRangeDoesNotPromiseACache() async throws {
        let run = try await BinaryRunner().run(["daily", "--from", "20230819", "--to", "20230821", "--replay", "Fixtures"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["1 of 3 charts failed"])
        #expect(!run.stderr.contains("cached"), "\(run.stderr)")
    }
}
