import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The promises made to people who run `boxoffice` unattended with their keys: keys never leave
/// their service, files the user names are never clobbered, bodies are bounded while they arrive.
/// A second server on another port plays the other host and must never see a key.
@Suite(.serialized)
struct TrustEndToEndTests {
    static let daily = ["daily", "--date", "20230818"]

    /// Fails unless nothing the second server received holds a key, in the query or any header.
    static func expectNoKey(in server: LoopbackServer, sourceLocation: SourceLocation = #_sourceLocation) {
        for request in server.requests {
            let seen = request.target + request.headers.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            for key in [BinaryRunner.kobisKey, BinaryRunner.kakaoKey] {
                #expect(!seen.contains(key), "the other host saw a key: \(seen)", sourceLocation: sourceLocation)
            }
        }
    }

    static func png(_ size: Int = 200) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: size))
    }

    // MARK: 1. Redirects never carry a key to another origin

    @Test func aKOBISRedirectToAnotherPortIsRefusedAndTheKeyStays() async throws {
        let other = try LoopbackServer { _ in .fixture("kobis/daily-20230818.json") }
        defer { other.stop() }
        let kobis = try LoopbackServer { request in .redirect(to: other.baseURL + request.target) }
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL)
        let run = try await state.run(Self.daily)
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["127.0.0.1:\(other.port)"])
        #expect(other.requestCount == 0, "the other host was asked: \(other.requests.map(\.target))")
        #expect(!state.filesContainKey(below: state.home))
        Self.expectNoKey(in: other)
    }

    @Test func aKakaoRedirectToAnotherPortIsRefusedAndTheHeaderStays() async throws {
        let other = try LoopbackServer { _ in .fixture("kakao/image-search-query=밀수-size=10.json") }
        defer { other.stop() }
        let kakao = try LoopbackServer { request in .redirect(to: other.baseURL + request.target, status: 307) }
        defer { kakao.stop() }
        let run = try await BinaryRunner(kakaoURL: kakao.baseURL).run(["images", "밀수"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["Kakao", "127.0.0.1:\(other.port)"])
        #expect(other.requestCount == 0)
        Self.expectNoKey(in: other)
    }

    @Test func aRedirectWithinTheSameOriginIsFollowed() async throws {
        let kobis = try LoopbackServer { request in
            request.path.hasPrefix("/moved") ? .fixture("kobis/daily-20230818.json") : .redirect(to: "/moved" + request.target)
        }
        defer { kobis.stop() }
        let run = try await BinaryRunner(kobisURL: kobis.baseURL).run(Self.daily)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
        #expect(kobis.requestCount == 2)
    }

    @Test func aKeyEchoedJSONEscapedOrInAnotherCaseIsRedactedEverywhere() async throws {
        let fixture = try String(
            contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json"), encoding: .utf8)
        let escaped = BinaryRunner.kobisKey.unicodeScalars.map { "\\u00" + String($0.value, radix: 16) }.joined()
        let body = fixture.replacingOccurrences(of: "콘크리트 유토피아", with: escaped)
            .replacingOccurrences(of: "오펜하이머", with: BinaryRunner.kobisKey.lowercased())
        let kobis = try LoopbackServer { _ in .json(body) }
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL)
        let run = try await state.run(Self.daily + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.lowercased().contains(BinaryRunner.kobisKey.lowercased()))
        #expect(run.stdout.components(separatedBy: "[redacted]").count == 3)
        let cached = try String(contentsOf: state.home.appendingPathComponent("cache/responses/kobis/daily-20230818.json"), encoding: .utf8)
        #expect(!cached.contains(escaped) && cached.contains("[redacted]"))
    }

    @Test func anAnswerThatIsNotValidHTTPIsMalformedNotUnreachable() async throws {
        let kobis = try LoopbackServer { _ in StubResponse(headers: ["Content-Encoding": "gzip"], body: Data("not gzip at all".utf8)) }
        defer { kobis.stop() }
        let run = try await BinaryRunner(kobisURL: kobis.baseURL).run(Self.daily)
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["KOBIS", "compression"])
        #expect(kobis.requestCount == 1)
    }

    @Test func aRedirectLoopWithinTheOriginEndsAfterTenRedirects() async throws {
        let kobis = try LoopbackServer { request in .redirect(to: "/again" + request.target) }
        defer { kobis.stop() }
        let run = try await BinaryRunner(kobisURL: kobis.baseURL).run(Self.daily)
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["KOBIS", "more than 10 times"])
        #expect(kobis.requestCount == 11)
    }

    @Test func aRequestLeavesNothingInTheHomeFolderOutsideItsOwnFolders() async throws {
        let kobis = try LoopbackServer { _ in .fixture("kobis/daily-20230818.json") }
        defer { kobis.stop() }
        let state = BinaryRunner(kobisURL: kobis.baseURL)
        let run = try await state.run(Self.daily)
        #expect(run.status == 0, "\(run.stderr)")
        // URLSession on Linux made ~/.cache/org.swift.foundation.URLCache and ~/.local/share.
        let left = try FileManager.default.contentsOfDirectory(atPath: state.home.path)
            .filter { !["stdin-", "stdout-", "stderr-"].contains(where: $0.hasPrefix) }
        #expect(left == ["cache"], "\(left)")
    }

    @Test func posterDownloadsFollowUpToFiveRedirectsAcrossHostsWithoutTheKey() async throws {
        let final = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Self.png()) }
        defer { final.stop() }
        // /hop/N redirects to /hop/N-1 on the other server, /hop/0 to the image.
        let hops = try LoopbackServer { request in
            let left = Int(request.path.split(separator: "/").last ?? "") ?? 0
            return .redirect(to: left == 0 ? final.baseURL + "/poster.png" : "/hop/\(left - 1)")
        }
        defer { hops.stop() }
        for (count, succeeds) in [(4, true), (5, false)] {
            let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: hops.baseURL + "/hop/\(count)?x=")
            defer { server.stop() }
            let state = CommandSurfaceEndToEndTests.state(server)
            let target = state.home.appendingPathComponent("poster.png")
            let run = try await state.run(["poster", "20218541", "--download", target.path])
            if succeeds {
                #expect(run.status == 0, "\(count + 1) redirects: \(run.stderr)")
                #expect(try Data(contentsOf: target) == Self.png())
            } else {
                BinaryRunner.expectFailure(run, status: 69, mentioning: ["more than 5 times"])
            }
        }
        Self.expectNoKey(in: hops)
        Self.expectNoKey(in: final)
    }

    // MARK: 3. --download writes regular files only

    @Test func downloadRefusesATargetThatIsNotARegularFile() async throws {
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Self.png()) }
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let fifo = state.home.appendingPathComponent("poster.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let victim = state.home.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        let link = state.home.appendingPathComponent("poster-link.png").path
        #expect(symlink(victim.path, link) == 0)
        for target in [fifo, link, "/dev/null"] {
            let run = try await state.run(["poster", "20218541", "--download", target])
            BinaryRunner.expectFailure(run, status: 73, mentioning: ["not a regular file"])
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the symlink is still a symlink")
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(images.requestCount == 0, "refused before anything was downloaded")
    }

    @Test func downloadKeepsAnExistingFilesPermissions() async throws {
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Self.png()) }
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let target = state.home.appendingPathComponent("poster.png")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o640) == 0)
        let run = try await state.run(["poster", "20218541", "--download", target.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: target) == Self.png())
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o640, "mode is \(String(status.st_mode & 0o777, radix: 8))")
    }

    @Test func downloadToDashWritesTheImageToStdout() async throws {
        let image = Self.png(5_000)
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: image) }
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let running = try state.start(["poster", "20218541", "--download", "-"])
        #expect(await running.wait().status == 0)
        #expect(try Data(contentsOf: running.stdoutURL) == image)
    }

    // MARK: 5. Bodies are bounded while they arrive

    @Test func anAPIAnswerPastEightMebibytesIsRefusedWithBoundedMemory() async throws {
        let megabyte = Data(repeating: UInt8(ascii: " "), count: 1024 * 1024)
        var huge = StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: megabyte)
        huge.repeats = 1024
        let server = try LoopbackServer(sequence: [huge])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let (run, peak) = try await state.runMeasuringMemory(Self.daily + ["--timeout", "60"])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["8 MiB"])
        #expect(peak < 64, "peak memory \(peak) MiB")
        #expect(server.requestCount == 1, "a body too large is not retried")
        let cache = state.home.appendingPathComponent("cache/responses")
        #expect(((try? FileManager.default.subpathsOfDirectory(atPath: cache.path)) ?? []).filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test func aGzipBombIsMeasuredAfterDecompression() async throws {
        let bomb = try Data(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/errors/daily-gzip-bomb.json.gz"))
        let server = try LoopbackServer(sequence: [
            StubResponse(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        ])
        defer { server.stop() }
        let (run, peak) = try await BinaryRunner(kobisURL: server.baseURL).runMeasuringMemory(Self.daily + ["--timeout", "60"])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["8 MiB"])
        #expect(peak < 64, "peak memory \(peak) MiB")
    }

    @Test(arguments: [false, true])
    func anImagePastTwentyMebibytesIsRefusedWithBoundedMemory(declaringItsLength: Bool) async throws {
        var huge = StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Self.png(1024 * 1024 - 8))
        huge.repeats = 1536
        huge.omitsLength = !declaringItsLength
        let images = try LoopbackServer(sequence: [huge])
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let target = state.home.appendingPathComponent("poster.png")
        let (run, peak) = try await state.runMeasuringMemory(["poster", "20218541", "--download", target.path, "--timeout", "60"])
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["20 MiB"])
        #expect(peak < 64, "peak memory \(peak) MiB")
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func aPosterDownloadThatTimesOutIsTryLater() async throws {
        // The image never comes: only the 1 s timeout can end the run.
        var slow = StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Self.png())
        slow.delay = .infinity
        let images = try LoopbackServer(sequence: [slow])
        defer { images.stop() }
        let server = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let run = try await state.run(["poster", "20218541", "--download", state.home.appendingPathComponent("p.png").path, "--timeout", "1"])
        BinaryRunner.expectFailure(run, status: 75, mentioning: ["1 s"])
    }

    // MARK: 2. Texts a service sends back are scrubbed of both keys

    @Test func kakaosEchoOfTheKeyNeverReachesStderr() async throws {
        let echo = StubResponse.json(#"{"errorType":"AccessDeniedError","message":"wrong appKey(\#(BinaryRunner.kakaoKey)) format"}"#, status: 401)
        let server = try LoopbackServer(sequence: [echo])
        defer { server.stop() }
        let run = try await BinaryRunner(kakaoURL: server.baseURL).run(["images", "밀수"])
        BinaryRunner.expectFailure(run, status: 77, mentioning: ["wrong appKey([redacted]) format"])
    }

    @Test func aKOBISFaultQuotingThePercentEncodedKeyIsScrubbed() async throws {
        let encoded = BinaryRunner.kobisKey.replacingOccurrences(of: "-", with: "%2d")
        let fault = StubResponse.json(
            #"{"faultInfo":{"message":"잘못된 요청: parameterValue=\#(encoded), \#(BinaryRunner.kobisKey)","errorCode":"320102"}}"#)
        let server = try LoopbackServer(sequence: [fault])
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.daily)
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["parameterValue=[redacted], [redacted]"])
        #expect(!run.stderr.contains(encoded))
    }

    @Test func theDailyLimitIsTryLaterEvenWhenItsMessageMentionsTheKey() async throws {
        let fault = StubResponse.json(#"{"faultInfo":{"message":"키(\#(BinaryRunner.kobisKey))의 일일 호출 허용량을 초과하였습니다.","errorCode":"320011"}}"#)
        let server = try LoopbackServer(sequence: [fault])
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.daily)
        BinaryRunner.expectFailure(run, status: 75, mentioning: ["[redacted]"])
    }

    @Test func anAnswerEchoingTheKeyIsScrubbedFromOutputCacheAndRecording() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.fixture("kobis/daily-20230818.json")
            let body = String(decoding: response.body, as: UTF8.self)
            response.body = Data(body.replacingOccurrences(of: "콘크리트 유토피아", with: "echo \(request.query["key"] ?? "")").utf8)
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let recordings = state.home.appendingPathComponent("recorded")
        for arguments in [Self.daily, Self.daily + ["--refresh", "--record", recordings.path], Self.daily + ["--format", "json"]] {
            let run = try await state.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("echo [redacted]"), "\(run.stdout)")
            BinaryRunner.expectNoKey(run)
        }
        #expect(!state.filesContainKey(below: state.home), "a cache entry or recording holds the key")
        #expect(FileManager.default.fileExists(atPath: recordings.appendingPathComponent("kobis/daily-20230818.json").path))
    }

    // MARK: 7. Answers are checked against the question, from the network and from the cache

    static func cachedEntries(_ state: BinaryRunner) -> [String] {
        let folder = state.home.appendingPathComponent("cache/responses").path
        return ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
    }

    @Test(arguments: [
        (["daily", "--date", "20230818"], "kobis/daily-20230817.json", "2023-08-17"),
        (["weekly", "--date", "20230813", "--period", "weekend"], "kobis/weekly-20230813-weekGb=0.json", "2023-08-07~2023-08-13"),
        (["movie", "20218541"], "kobis/movie-20226411.json", "movie 20226411"),
    ])
    func anAnswerToAnotherQuestionIsRefusedAndNeverCached(_ arguments: [String], _ fixture: String, _ answered: String) async throws {
        let server = try LoopbackServer { _ in .fixture(fixture) }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let run = try await state.run(arguments)
        BinaryRunner.expectFailure(run, status: 65, mentioning: ["another question", answered])
        #expect(Self.cachedEntries(state).isEmpty, "cached: \(Self.cachedEntries(state))")
    }

    @Test func aCachedAnswerToAnotherQuestionIsIgnoredAndFetchedAgain() async throws {
        let server = try LoopbackServer { _ in .fixture("kobis/daily-20230818.json") }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let entry = state.home.appendingPathComponent("cache/responses/kobis/daily-20230818.json")
        try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        var poisoned = Data("boxoffice-cache 1 expires=never\n".utf8)
        poisoned.append(try Data(contentsOf: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230817.json")))
        try poisoned.write(to: entry)
        let run = try await state.run(Self.daily + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("\"startDate\" : \"2023-08-18\"") || run.stdout.contains("\"startDate\": \"2023-08-18\""), "\(run.stdout.prefix(200))"
        )
        #expect(server.requestCount == 1, "the poisoned entry was used")
    }

    // MARK: 9. Ranges are bounded against the quota

    static func setLedger(_ state: BinaryRunner, kobisCalls: Int) throws {
        let ledger = state.home.appendingPathComponent("cache/quota.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"day":"\#(CronEndToEndTests.seoulDay().iso)","calls":{"kobis":\#(kobisCalls)}}"#.utf8).write(to: ledger)
    }

    static let august = ["daily", "--from", "20230801", "--to", "20230831", "--format", "csv"]

    @Test func aRangePastWhatIsLeftOfTodaysLimitIsRefusedBeforeAnyRequest() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try Self.setLedger(state, kobisCalls: 2_990)
        let refused = try await state.run(Self.august)
        BinaryRunner.expectFailure(refused, status: 75, mentioning: ["31", "only 10", "--ignore-quota"])
        #expect(server.requestCount == 0)
        let forced = try await state.run(Self.august + ["--ignore-quota"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(server.requestCount == 31)
    }

    @Test func cachedDaysCostNothingInThePlan() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        #expect(try await state.run(["daily", "--from", "20230801", "--to", "20230825"]).status == 0)
        try Self.setLedger(state, kobisCalls: 2_990)
        let run = try await state.run(Self.august)
        #expect(run.status == 0, "6 uncached days fit in 10 calls: \(run.stderr)")
        #expect(server.requestCount == 25 + 6)
    }

    @Test func aVariableIsSeenWhateverItsValueBeginsWith() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        // U+0301 would join the "=" before it into one character.
        let key = "\u{301}" + BinaryRunner.kobisKey
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.daily, extraEnvironment: ["KOBIS_API_KEY": key])
        #expect(server.requests.last?.query["key"] == key, "\(run.stderr)")
    }

    @Test func aCachedDayAnswersEvenWithTheLimitReached() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        #expect(try await state.run(Self.daily).status == 0)
        try Self.setLedger(state, kobisCalls: 3_000)
        let cached = try await state.run(Self.daily)
        #expect(cached.status == 0 && !cached.stdout.isEmpty, "\(cached.stderr)")
        let uncached = try await state.run(["daily", "--date", "20230817"])
        #expect(uncached.status == 75 && uncached.stdout.isEmpty, "\(uncached.stderr)")
        #expect(uncached.stderr.contains("All 3,000 of today's KOBIS calls are spent"), "\(uncached.stderr)")
        #expect(server.requestCount == 1)
    }

    @Test func noRequestGoesOutOnceTheLedgerReachesTheLimit() async throws {
        let server = try LoopbackServer(sequence: [StubResponse(status: 503)])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        try Self.setLedger(state, kobisCalls: 2_999)
        let run = try await state.run(Self.daily + ["--retries", "2"])
        // The call that reaches 3,000 earns the 90 % warning first.
        #expect(run.status == 75 && run.stdout.isEmpty, "\(run.stderr)")
        #expect(
            run.stderr.hasSuffix(
                "Error: All 3,000 of today's KOBIS calls are spent by the quota ledger's count (Seoul day), so no request was sent. Try again tomorrow, or pass --ignore-quota if the key has calls the count does not know of.\n"
            ), "\(run.stderr)")
        #expect(server.requestCount == 1, "the retries stopped at the limit")
        #expect(run.stderr.hasPrefix("Warning: 3,000 of 3,000 daily KOBIS calls used today (Seoul).\n"), "grouped as the error is: \(run.stderr)")
    }

    @Test func weeklyRangesAreCappedAtFiveYears() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(["weekly", "--from", "00010101", "--to", "20230813"])
        BinaryRunner.expectFailure(run, status: 64, mentioning: ["260"])
        #expect(server.requestCount == 0)
    }

    @Test(arguments: [#"{"day":"2026-01-01","calls":{"kob"#, #"{"day":"TODAY","calls":{"kobis":9223372036854775807}}"#])
    func anUnreadableLedgerWarnsAndNeverTraps(_ text: String) async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let ledger = state.home.appendingPathComponent("cache/quota.json")
        try FileManager.default.createDirectory(at: ledger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.replacingOccurrences(of: "TODAY", with: CronEndToEndTests.seoulDay().iso).utf8).write(to: ledger)
        let quota = try await state.run(["quota"])
        #expect(quota.status == 0 && quota.stderr.contains("unreadable"), "\(quota.stderr)")
        let run = try await state.run(Self.daily)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Warning: the quota ledger") && run.stderr.contains("unreadable"), "\(run.stderr)")
        let after = try await state.run(["quota", "--format", "json"])
        #expect(after.stdout.contains("\"calls\" : 1") || after.stdout.contains("\"calls\": 1"), "\(after.stdout)")
    }

    @Test func aRangeAgainstADeadServerStopsAfterItsFirstWave() async throws {
        let closed = try ClosedPort()
        let url = closed.baseURL
        let run = try await BinaryRunner(kobisURL: url).run(["daily", "--from", "20230701", "--to", "20230801", "--jobs", "4", "--retries", "1"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["of 32 requests all failed the same way", "were not sent", "connection refused"])
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    // MARK: Signals end a run cleanly

    @Test(arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGHUP, 129, "SIGHUP"), (SIGINT, 130, "SIGINT")])
    func aSignalEndsTheRunWithItsCodeAndOneLine(_ number: Int32, _ status: Int32, _ name: String) async throws {
        // The server never answers and the timeout is ten minutes: only the signal ends the run.
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(Self.daily + ["--timeout", "600"])
        try await server.waitForRequests(1, from: running)
        kill(running.processIdentifier, number)
        let run = await running.wait()
        BinaryRunner.expectFailure(run, status: status, mentioning: ["Stopped by \(name)"])
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func aSignalAtAnyMomentOfARunEndsItPromptly() async throws {
        // The server never answers and the timeout is ten minutes, so a signal that went astray
        // would leave the run waiting until `wait` gives up, kills it and fails the test.
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        for step in 0..<30 {
            let running = try state.start(Self.daily + ["--no-cache", "--timeout", "600", "--retries", "0"])
            // Each run is signalled a little later than the one before, to land in another moment of it.
            try await Task.sleep(for: .microseconds(1_000 + step * 300))
            kill(running.processIdentifier, SIGINT)
            let run = await running.wait()
            #expect(run.stdout.isEmpty)
            // Before the run has anything to clean up, the signal's default action ends it.
            let killed = running.process.terminationReason == .uncaughtSignal && run.status == SIGINT
            #expect(killed || run.status == 130, "exit \(run.status): \(run.stderr)")
        }
    }

    @Test func aSignalWhileTheOutputIsWrittenSaysItIsIncomplete() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // A month as JSON is more than a pipe holds; nobody reads it, so the write waits.
        let (status, text) = try await Self.signalWhileWriting(
            ["daily", "--from", "20230701", "--to", "20230731", "--format", "json", "--no-cache"], state: state, signal: SIGTERM)
        #expect(status == 143)
        #expect(text == "Error: Stopped by SIGTERM; the output is incomplete.\n", "\(text)")
    }

    @Test func aSignalWhileACacheAnsweredRangeIsWrittenSaysItIsIncomplete() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        let state = BinaryRunner(kobisURL: server.baseURL)
        let month = ["daily", "--from", "20230701", "--to", "20230731", "--format", "json"]
        #expect(try await state.run(month).status == 0, "the month is cached")
        server.stop()
        // No request, so nothing before the write put the signal handlers in place.
        let (status, text) = try await Self.signalWhileWriting(month, state: state, signal: SIGINT)
        #expect(status == 130)
        #expect(text == "Error: Stopped by SIGINT (Ctrl-C); the output is incomplete.\n", "\(text)")
    }

    /// Runs the binary with a stdout nobody reads, sends `signal` once the pipe is full (the
    /// output started and the write waits), and returns its exit status and stderr.
    static func signalWhileWriting(_ arguments: [String], state: BinaryRunner, signal: Int32) async throws -> (status: Int32, stderr: String) {
        let process = state.process(arguments)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stderr = PipeReader(errors)
        let exit = try process.runObservingExit()
        try await waitUntilFull(output)
        kill(process.processIdentifier, signal)
        let status = try await exit.value(waitingFor: "boxoffice to end on signal \(signal)")
        let text = try await stderr.wholeText()
        withExtendedLifetime(state) {}
        return (status, text)
    }

    /// Waits until the pipe holds all it can: the binary has started its output and is blocked
    /// writing the rest. The pipe tells no one when it fills, so the test looks every few
    /// milliseconds, sleeping without holding a thread.
    static func waitUntilFull(_ pipe: Pipe, seconds: Double = Backstop.seconds) async throws {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let capacity = fcntl(descriptor, 1032)  // F_GETPIPE_SZ
        let deadline = ContinuousClock.now + .seconds(seconds)
        var available: Int32 = 0
        while ContinuousClock.now < deadline {
            guard ioctl(descriptor, UInt(FIONREAD), &available) == 0, capacity > 0 else {
                throw ToolFailure(description: "the pipe's fill cannot be read")
            }
            if available >= capacity { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw Backstop(waitedFor: "the output to fill the pipe (\(available) of \(capacity) bytes did)", seconds: seconds)
    }

    // MARK: The cache and recordings touch only their own files

    @Test func cacheClearRemovesOnlyItsOwnEntries() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        #expect(try await state.run(["daily", "--from", "20230801", "--to", "20230802"]).status == 0)
        let responses = state.home.appendingPathComponent("cache/responses")
        let notes = responses.appendingPathComponent("notes.txt")
        let foreign = responses.appendingPathComponent("kobis/mine.json")
        try Data("my notes".utf8).write(to: notes)
        try Data("{\"mine\":true}".utf8).write(to: foreign)
        let run = try await state.run(["cache", "clear"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Removed 2 cached answers"), "\(run.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes")
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(!FileManager.default.fileExists(atPath: responses.appendingPathComponent("kobis/daily-20230801.json").path))
    }

    @Test func recordingWhereNoFolderCanBeMadeNamesThePathAndTheReason() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let file = state.home.appendingPathComponent("a-file")
        try Data().write(to: file)
        let run = try await state.run(Self.daily + ["--record", file.path])
        BinaryRunner.expectFailure(run, status: 73, mentioning: [file.path + "/kobis", "cannot be created"])
        #expect(!run.stderr.contains("CocoaError") && !run.stderr.contains("Internal error"))
    }

    @Test func aLongQueryIsRecordedUnderAShortNameAndReplayed() async throws {
        let title = String(repeating: "아주 긴 제목 ", count: 40)
        let server = try LoopbackServer { _ in .fixture("kobis/movielist-movieNm=밀수.json") }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let recordings = state.home.appendingPathComponent("recorded")
        let recorded = try await state.run(["search", title, "--record", recordings.path, "--format", "json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let replayed = try await state.run(["search", title, "--replay", recordings.path, "--format", "json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == recorded.stdout)
    }

    // MARK: User text in errors, and the documented codes

    @Test func userTextEchoedInUsageErrorsCannotSteerTheTerminal() async throws {
        let state = BinaryRunner()
        for arguments in [
            ["daily", "--region", "\u{1B}[31m서울\u{1B}]0;pwned\u{7}"], ["daily", "--\u{1B}[2Jcolor", "x"],
            ["daily", "--replay", "/tmp/\u{1B}[31mnowhere"],
        ] {
            let run = try await state.run(arguments)
            #expect(run.status == 64 || run.status == 78, "\(run.stderr)")
            #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(run.stderr.debugDescription)")
        }
    }

    /// The README's table is checked against `ExitCode` word for word in `ErrorReportingTests`.
    @Test func helpListsEveryExitCode() async throws {
        let help = try await BinaryRunner().run(["help", "exit-codes"]).stdout
        for code in [0, 1, 23, 64, 65, 69, 70, 73, 75, 77, 78, 129, 130, 143] {
            #expect(help.contains("  \(code) "), "help exit-codes lacks \(code)")
        }
    }

    // MARK: Found by a hostile review

    @Test func anEnvironmentKeyWithACarriageReturnIsTrimmedAndOneWithSpacesRefused() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let trimmed = try await state.run(Self.daily, extraEnvironment: ["KOBIS_API_KEY": BinaryRunner.kobisKey + "\r"])
        #expect(trimmed.status == 0, "\(trimmed.stderr)")
        #expect(server.requests.last?.query["key"] == BinaryRunner.kobisKey)
        let spaced = try await state.run(Self.daily, extraEnvironment: ["KOBIS_API_KEY": "abc def"])
        BinaryRunner.expectFailure(spaced, status: 78, mentioning: ["KOBIS_API_KEY"])
        #expect(server.requestCount == 1)
    }

    @Test func aDownloadIntoAMissingFolderFailsBeforeAnyRequest() async throws {
        let server = try CommandSurfaceEndToEndTests.fixtureServer()
        defer { server.stop() }
        let state = CommandSurfaceEndToEndTests.state(server)
        let run = try await state.run(["poster", "20218541", "--download", state.home.appendingPathComponent("missing/p.jpg").path])
        BinaryRunner.expectFailure(run, status: 73, mentioning: ["missing/p.jpg"])
        #expect(server.requestCount == 0)
    }

    @Test func aSignalTheCallerIgnoresStaysIgnored() async throws {
        // The answer waits until the test has sent the signal.
        let sent = Gate()
        var held = StubResponse.fixture("kobis/daily-20230818.json")
        held.heldBy = sent
        let server = try LoopbackServer(sequence: [held])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        // As nohup does: SIGHUP ignored before the program starts.
        let running = try state.start(["-c", "trap '' HUP; exec \"$0\" daily --date 20230818", BinaryRunner.binary.path], executable: "/bin/sh")
        try await server.waitForRequests(1, from: running)
        // Its request sent, the binary has set up whatever it handles; SIGHUP must still be ignored.
        let status = try String(contentsOfFile: "/proc/\(running.processIdentifier)/status", encoding: .utf8)
        let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
            UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
        }
        #expect(ignored.map { $0 & 1 << (SIGHUP - 1) != 0 } == true, "SIGHUP is no longer ignored: \(String(describing: ignored))")
        kill(running.processIdentifier, SIGHUP)
        sent.open()
        let run = await running.wait()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("콘크리트 유토피아"))
    }
}
