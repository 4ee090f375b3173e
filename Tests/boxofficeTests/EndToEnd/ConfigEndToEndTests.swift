import Foundation
import Testing

/// Keys in the config file: stored safely, used, shown masked, and never printed.
@Suite(.serialized)
struct ConfigEndToEndTests {
    static func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    @Test func aKeyThatDoesNotLookLikeTheServicesIsStoredWithAWarning() async throws {
        let state = BinaryRunner(keys: false)
        let short = try await state.run(["config", "set", "kakao"], stdin: "abc")
        #expect(
            short.status == 0
                && short.stderr.contains("Warning: This does not look like a Kakao key, which is 32 hexadecimal characters; stored anyway."),
            "\(short.stderr)")
        #expect(!short.stderr.contains("abc"), "the key is not shown")
        #expect(try String(contentsOf: state.home.appendingPathComponent("config/config"), encoding: .utf8).contains("kakao_rest_api_key = abc"))
        let real = try await state.run(["config", "set", "kobis"], stdin: "0123456789abcdefABCDEF0123456789\n")
        #expect(real.status == 0 && !real.stderr.contains("Warning"), "\(real.stderr)")
    }

    @Test func aKeySetFromStandardInputIsStoredPrivatelyAndUsed() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let set = try await state.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey + "\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.isEmpty)
        BinaryRunner.expectNoKey(set)
        let folder = state.home.appendingPathComponent("config")
        let file = folder.appendingPathComponent("config")
        #expect(Self.permissions(file) == 0o600)
        #expect(Self.permissions(folder) == 0o700)
        let contents = try String(contentsOf: file, encoding: .utf8)
        #expect(contents.contains("kobis_api_key = \(BinaryRunner.kobisKey)"))

        let daily = try await state.run(["daily", "--date", "20230818", "--verbose"])
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey)
        BinaryRunner.expectNoKey(daily)

        let show = try await state.run(["config", "show"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("KOBI…3a9c"), "masked: \(show.stdout)")
        #expect(show.stdout.contains("config file"))
        BinaryRunner.expectNoKey(show)

        let json = try await state.run(["config", "show", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let kobis = try #require((object["keys"] as? [[String: Any]])?.first { $0["service"] as? String == "kobis" })
        #expect(kobis["key"] as? String == "KOBI…3a9c")
        #expect(kobis["source"] as? String == "file" && kobis["path"] as? String == object["configFile"] as? String, "\(kobis)")
        let kakao = try #require((object["keys"] as? [[String: Any]])?.first { $0["service"] as? String == "kakao" })
        #expect(kakao["source"] is NSNull && kakao["path"] is NSNull, "\(kakao)")
        BinaryRunner.expectNoKey(json)
    }

    @Test func theEnvironmentWinsOverTheFile() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        _ = try await state.run(["config", "set", "kobis"], stdin: "FILEKEY-should-not-be-used-0000")
        let daily = try await state.run(["daily", "--date", "20230818"])
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey)
        let show = try await state.run(["config", "show"])
        #expect(show.stdout.contains("KOBIS_API_KEY"), "\(show.stdout)")
        #expect(!show.stdout.contains("FILEKEY-should-not-be-used-0000"))
    }

    @Test func aKeyIsNeverTakenFromAnArgument() async throws {
        let state = BinaryRunner(keys: false)
        let run = try await state.run(["config", "set", "kobis", BinaryRunner.kobisKey])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: state.home.appendingPathComponent("config/config").path))
    }

    @Test func anEmptyKeyIsRefused() async throws {
        let run = try await BinaryRunner(keys: false).run(["config", "set", "kakao"], stdin: "  \n")
        #expect(run.status == 64)
        #expect(run.stderr.contains("standard input"))
    }

    @Test func aFileOthersCanReadEarnsAWarning() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        _ = try await state.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey)
        let file = state.home.appendingPathComponent("config/config")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let run = try await state.run(["daily", "--date", "20230818"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Warning:") && run.stderr.contains("chmod 600"), "\(run.stderr)")
        BinaryRunner.expectNoKey(run)
    }

    @Test func aMalformedFileIsAConfigurationError() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config")
        try Data("kobis_api_key \(BinaryRunner.kobisKey)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let run = try await state.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["line 1"])
        #expect(server.requestCount == 0)
    }

    @Test func anUnreadableFileIsAConfigurationError() async throws {
        let state = BinaryRunner(keys: false)
        let folder = state.home.appendingPathComponent("config")
        // A folder where the file should be cannot be read as one, even by root.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        let run = try await state.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["config"])
    }

    @Test func theConfigFileFollowsXDGWhenNoOverrideIsSet() async throws {
        var state = BinaryRunner(keys: false)
        state.environment["BOXOFFICE_CONFIG_DIR"] = nil
        state.environment["XDG_CONFIG_HOME"] = state.home.appendingPathComponent("xdg").path
        let path = try await state.run(["config", "path"])
        #expect(path.stdout == state.home.appendingPathComponent("xdg/boxoffice/config").path + "\n")
        state.environment["XDG_CONFIG_HOME"] = "relative/ignored"
        let fallback = try await state.run(["config", "path"])
        #expect(fallback.stdout == state.home.appendingPathComponent(".config/boxoffice/config").path + "\n")
    }

    @Test(arguments: [
        ["daily", "--date", "20231332"], ["daily", "--date", "2023-02-30"], ["daily", "--date", "tomorrow"],
        ["daily", "--date", "aaaa"], ["movie", ""], ["daily", "--limit", "11"], ["daily", "--frmat", "json"],
        ["daily", "--date"], ["weekly", "--period", "month"], ["search"],
    ])
    func badInputIsAUsageErrorAndRequestsNothing(_ arguments: [String]) async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(arguments)
        BinaryRunner.expectFailure(run, status: 64)
        #expect(run.stderr.contains("Usage: boxoffice"))
        #expect(server.requestCount == 0)
    }

    // MARK: The config file's syntax, and config set under pressure

    static func writeConfig(_ text: String, in state: BinaryRunner, mode: Int = 0o600) throws -> URL {
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent("config")
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }

    @Test func aCRLFFileWithAByteOrderMarkKeepsTheKeysApart() async throws {
        let server = try CommandSurfaceEndToEndTests.fixtureServer()
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, kakaoURL: server.baseURL, keys: false)
        _ = try Self.writeConfig(
            "\u{FEFF}# keys\r\nkobis_api_key = \(BinaryRunner.kobisKey)\r\nkakao_rest_api_key = \"\(BinaryRunner.kakaoKey)\"\r\n", in: state)
        let daily = try await state.run(["daily", "--date", "20230818"])
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.last?.query["key"] == BinaryRunner.kobisKey)
        let images = try await state.run(["images", "밀수"])
        #expect(images.status == 0, "\(images.stderr)")
        #expect(server.requests.last?.headers["authorization"] == "KakaoAK \(BinaryRunner.kakaoKey)")
    }

    @Test(arguments: [
        ("kobis_api_key = abc def\n", "line 1"), ("# fine\nkobis_api_key = abc # note\n", "line 2"),
        ("\n\nkakao_rest_api_key = a\u{7}b\n", "line 3"), ("kobis_api_key = ok12345678\r\nkakao = x\r\n", "line 2"),
    ])
    func aValueWithWhitespaceOrControlsIsRefusedByLine(_ text: String, _ line: String) async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        _ = try Self.writeConfig(text, in: state)
        let run = try await state.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: [line])
        #expect(server.requestCount == 0)
    }

    @Test func configSetRewritesOneLineAndKeepsEveryOtherByte() async throws {
        let state = BinaryRunner(keys: false)
        let before =
            "\u{FEFF}# my keys\r\n\r\n  # indented comment\r\nkakao_rest_api_key = old-kakao-key-0000\r\nkobis_api_key = \(BinaryRunner.kobisKey)\r\n"
        let file = try Self.writeConfig(before, in: state)
        let run = try await state.run(["config", "set", "kakao"], stdin: BinaryRunner.kakaoKey)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = before.replacingOccurrences(of: "old-kakao-key-0000", with: BinaryRunner.kakaoKey)
        #expect(try Data(contentsOf: file) == Data(expected.utf8))
        #expect(Self.permissions(file) == 0o600)
    }

    @Test func configSetRefusesToRewriteAFileItCannotParse() async throws {
        let state = BinaryRunner(keys: false)
        let before = "kobis_api_key = \(BinaryRunner.kobisKey)\nthis line is not a setting\n"
        let file = try Self.writeConfig(before, in: state)
        let run = try await state.run(["config", "set", "kakao"], stdin: BinaryRunner.kakaoKey)
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["line 2"])
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
    }

    @Test func concurrentConfigSetsLoseNoKey() async throws {
        for round in 0..<5 {
            let state = BinaryRunner(keys: false)
            let kobis = try state.start(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey)
            let kakao = try state.start(["config", "set", "kakao"], stdin: BinaryRunner.kakaoKey)
            let runs = await [kobis, kakao].wait()
            #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
            let text = try String(contentsOf: state.home.appendingPathComponent("config/config"), encoding: .utf8)
            #expect(
                text.contains("kobis_api_key = \(BinaryRunner.kobisKey)") && text.contains("kakao_rest_api_key = \(BinaryRunner.kakaoKey)"),
                "round \(round) lost a key: \(text)")
        }
    }

    @Test func anOpenConfigFolderIsMadePrivateAndSaysSo() async throws {
        let state = BinaryRunner(keys: false)
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let run = try await state.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.permissions(folder) == 0o700)
        #expect(run.stderr.contains("private") && run.stderr.contains("755"), "\(run.stderr)")
        #expect(Self.permissions(folder.appendingPathComponent("config")) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aSymlinkedPrivateConfigEarnsNoWarningAndStaysALink() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let real = state.home.appendingPathComponent("dotfiles-config")
        try Data("kobis_api_key = \(BinaryRunner.kobisKey)\n".utf8).write(to: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real.path)
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("config").path, withDestinationPath: real.path)
        let run = try await state.run(["daily", "--date", "20230818"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("Warning"), "\(run.stderr)")
        let set = try await state.run(["config", "set", "kakao"], stdin: BinaryRunner.kakaoKey)
        #expect(set.status == 0, "\(set.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("config").path)) == real.path)
        #expect(try String(contentsOf: real, encoding: .utf8).contains(BinaryRunner.kakaoKey))
    }

    @Test func configSetReadsAtMostFourKilobytesAndRefusesControlCharacters() async throws {
        let state = BinaryRunner(keys: false)
        let long = try await state.run(["config", "set", "kobis"], stdin: String(repeating: "k", count: 5_000_000))
        BinaryRunner.expectFailure(long, status: 64, mentioning: ["4 KiB"])
        let control = try await state.run(["config", "set", "kobis"], stdin: "abc\u{1B}[31mdef\n")
        BinaryRunner.expectFailure(control, status: 64, mentioning: ["control characters"])
        let spaced = try await state.run(["config", "set", "kobis"], stdin: "abc def\n")
        BinaryRunner.expectFailure(spaced, status: 64, mentioning: ["spaces"])
        #expect(!FileManager.default.fileExists(atPath: state.home.appendingPathComponent("config/config").path))
    }
}
