import Foundation
import Testing

/// Keys in the config file: stored safely, used, shown masked, and never printed.
@Suite(.serialized)
struct ConfigEndToEndTests {
    static func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    @Test func aKeySetFromStandardInputIsStoredPrivatelyAndUsed() throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let set = try runner.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey + "\n")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.isEmpty)
        BinaryRunner.expectNoKey(set)
        let folder = runner.home.appendingPathComponent("config")
        let file = folder.appendingPathComponent("config")
        #expect(Self.permissions(file) == 0o600)
        #expect(Self.permissions(folder) == 0o700)
        let contents = try String(contentsOf: file, encoding: .utf8)
        #expect(contents.contains("kobis_api_key = \(BinaryRunner.kobisKey)"))

        let daily = try runner.run(["daily", "--date", "20230818", "--verbose"])
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey)
        BinaryRunner.expectNoKey(daily)

        let show = try runner.run(["config", "show"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("KOBI…3a9c"), "masked: \(show.stdout)")
        #expect(show.stdout.contains("config file"))
        BinaryRunner.expectNoKey(show)

        let json = try runner.run(["config", "show", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let kobis = try #require((object["keys"] as? [[String: Any]])?.first { $0["service"] as? String == "kobis" })
        #expect(kobis["key"] as? String == "KOBI…3a9c")
        BinaryRunner.expectNoKey(json)
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL)
        _ = try runner.run(["config", "set", "kobis"], stdin: "FILEKEY-should-not-be-used-0000")
        let daily = try runner.run(["daily", "--date", "20230818"])
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey)
        let show = try runner.run(["config", "show"])
        #expect(show.stdout.contains("KOBIS_API_KEY"), "\(show.stdout)")
        #expect(!show.stdout.contains("FILEKEY-should-not-be-used-0000"))
    }

    @Test func aKeyIsNeverTakenFromAnArgument() throws {
        let runner = BinaryRunner(keys: false)
        let run = try runner.run(["config", "set", "kobis", BinaryRunner.kobisKey])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: runner.home.appendingPathComponent("config/config").path))
    }

    @Test func anEmptyKeyIsRefused() throws {
        let run = try BinaryRunner(keys: false).run(["config", "set", "kakao"], stdin: "  \n")
        #expect(run.status == 64)
        #expect(run.stderr.contains("standard input"))
    }

    @Test func aFileOthersCanReadEarnsAWarning() throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL, keys: false)
        _ = try runner.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey)
        let file = runner.home.appendingPathComponent("config/config")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let run = try runner.run(["daily", "--date", "20230818"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning:") && run.stderr.contains("chmod 600"), "\(run.stderr)")
        BinaryRunner.expectNoKey(run)
    }

    @Test func aMalformedFileIsAConfigurationError() throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let folder = runner.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config")
        try Data("kobis_api_key \(BinaryRunner.kobisKey)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let run = try runner.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["line 1"])
        #expect(server.requestCount == 0)
    }

    @Test func anUnreadableFileIsAConfigurationError() throws {
        let runner = BinaryRunner(keys: false)
        let folder = runner.home.appendingPathComponent("config")
        // A folder where the file should be cannot be read as one, even by root.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        let run = try runner.run(["daily", "--date", "20230818"])
        BinaryRunner.expectFailure(run, status: 78, mentioning: ["config"])
    }

    @Test func theConfigFileFollowsXDGWhenNoOverrideIsSet() throws {
        var runner = BinaryRunner(keys: false)
        runner.environment["BOXOFFICE_CONFIG_DIR"] = nil
        runner.environment["XDG_CONFIG_HOME"] = runner.home.appendingPathComponent("xdg").path
        let path = try runner.run(["config", "path"])
        #expect(path.stdout == runner.home.appendingPathComponent("xdg/boxoffice/config").path + "\n")
        runner.environment["XDG_CONFIG_HOME"] = "relative/ignored"
        let fallback = try runner.run(["config", "path"])
        #expect(fallback.stdout == runner.home.appendingPathComponent(".config/boxoffice/config").path + "\n")
    }

    @Test(arguments: [
        ["daily", "--date", "20231332"], ["daily", "--date", "2023-02-30"], ["daily", "--date", "tomorrow"],
        ["daily", "--date", "aaaa"], ["movie", ""], ["daily", "--limit", "11"], ["daily", "--frmat", "json"],
        ["daily", "--date"], ["weekly", "--period", "month"], ["search"],
    ])
    func badInputIsAUsageErrorAndRequestsNothing(_ arguments: [String]) throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let run = try BinaryRunner(kobisURL: server.baseURL).run(arguments)
        BinaryRunner.expectFailure(run, status: 64)
        #expect(run.stderr.contains("Usage: boxoffice"))
        #expect(server.requestCount == 0)
    }
}
