import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Found by a hostile review of the binary: keys sent in clear without a word, core files holding
/// them, a page of embedded posters without bound, and files replaced that should not have been.
/// The tests run as root here, so every file check holds for root too.
@Suite(.serialized)
struct KeysAndFilesEndToEndTests {
    static let daily = ["daily", "--date", "20230818"]
    static let report = ["report", "--date", "20230818"]

    static func png(_ size: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: size))
    }

    /// A fixture server for charts, movies and image searches whose images all come from `images`.
    static func posterServers(imageBytes: Int) throws -> (state: BinaryRunner, images: LoopbackServer, servers: [LoopbackServer]) {
        let image = png(imageBytes)
        let images = try LoopbackServer { _ in StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: image) }
        let kakao = try CommandSurfaceEndToEndTests.fixtureServer(imageHost: images.baseURL)
        let kobis = try LoopbackServer(handler: StubResponse.recorded)
        return (BinaryRunner(kobisURL: kobis.baseURL, kakaoURL: kakao.baseURL), images, [images, kakao, kobis])
    }

    // MARK: A key sent over plain http is said

    @Test func aKeyBoundForAPlainHTTPHostOffThisMachineEarnsOneWarning() async throws {
        // The loopback server plays a proxy, so that the request may name a host of the network
        // while no packet leaves the machine. libcurl reads http_proxy from the process's own
        // environment, so these runs are processes.
        let proxy = try LoopbackServer { request in
            request.target.contains("/v2/search/image") ? .fixture("kakao/image-search-query=밀수-size=10.json") : StubResponse.syntheticDay(request)
        }
        defer { proxy.stop() }
        let proxied = ["http_proxy": proxy.baseURL]
        let state = BinaryRunner(kobisURL: "http://kobis.example.test/rest", kakaoURL: "http://kakao.example.test")
        let run = try await state.runBinary(["daily", "--from", "20230817", "--to", "20230818"], extraEnvironment: proxied)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(proxy.requests.map(\.target).allSatisfy { $0.hasPrefix("http://kobis.example.test/rest/") }, "\(proxy.requests.map(\.target))")
        #expect(proxy.requestCount == 2)
        #expect(
            run.stderr == "Warning: BOXOFFICE_KOBIS_URL is plain http, so the KOBIS key goes to kobis.example.test unencrypted; use https.\n",
            "once a run, and nothing of the Kakao key, which was not sent: \(run.stderr)")
        BinaryRunner.expectNoKey(run)

        // No key travels, so nothing is said: a run the cache answers, and a replay.
        for arguments in [Self.daily, Self.daily + ["--replay", "Fixtures"]] {
            let quiet = try await state.runBinary(arguments, extraEnvironment: proxied)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(arguments): \(quiet.stderr)")
        }
        #expect(proxy.requestCount == 2)
        // The Kakao key is said of the Kakao root.
        let kakao = try await state.runBinary(["images", "밀수"], extraEnvironment: proxied)
        #expect(kakao.status == 0, "\(kakao.stderr)")
        #expect(
            kakao.stderr == "Warning: BOXOFFICE_KAKAO_URL is plain http, so the Kakao key goes to kakao.example.test unencrypted; use https.\n",
            "\(kakao.stderr)")
    }

    @Test func aPlainHTTPRootOnThisMachineIsNotWarnedOf() async throws {
        let server = try LoopbackServer { _ in .fixture("kobis/daily-20230818.json") }
        defer { server.stop() }
        for root in [server.baseURL, "http://localhost:\(server.port)"] {
            let run = try await BinaryRunner(kobisURL: root).run(Self.daily)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(root): \(run.stderr)")
        }
    }

    // MARK: No core file holds a key

    /// Waits until `server` has seen a request from the started binary (which then waits for an
    /// answer that never comes), reads what `read` wants of it, and kills it.
    static func whileWaiting<T>(_ running: RunningBinary, on server: LoopbackServer, _ read: (Int32) -> T) async throws -> T {
        defer { kill(running.processIdentifier, SIGKILL) }
        try await server.waitForRequests(1, from: running)
        return read(running.processIdentifier)
    }

    @Test func theRunningBinaryMayWriteNoCoreFile() async throws {
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let running = try state.start(Self.daily + ["--timeout", "600"])
        let limits = try await Self.whileWaiting(running, on: server) { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
        }
        let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(
            core.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"] } == true,
            "soft and hard limit 0: \(core ?? "no line")")
    }

    @Test func theRunningBinaryIsNotDumpable() async throws {
        // The files of /proc/<pid> (its environment with the keys, its memory) belong to root while
        // a process is not dumpable, which shows for a process of another user: as root, the
        // binary runs as nobody.
        let server = try LoopbackServer(handler: StubResponse.unanswered)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let arguments = Self.daily + ["--timeout", "600", "--no-cache"]
        let setpriv = "/usr/bin/setpriv"
        try #require(geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv), "util-linux's setpriv runs the binary as nobody")
        let nobody: uid_t = 65534
        // The quota ledger must be writable for the request to go out.
        let cache = state.home.appendingPathComponent("nobody-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let running: RunningBinary
        if geteuid() == 0 {
            #expect(chown(cache.path, nobody, nobody) == 0)
            running = try state.start(
                ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", BinaryRunner.binary.path] + arguments,
                extraEnvironment: ["BOXOFFICE_CACHE_DIR": cache.path], executable: setpriv)
        } else {
            running = try state.start(arguments)
        }
        let (owner, user) = try await Self.whileWaiting(running, on: server) { pid -> (uid_t?, uid_t?) in
            var status = stat()
            let owner = stat("/proc/\(pid)/environ", &status) == 0 ? status.st_uid : nil
            let line = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("Uid:") }
            return (owner, line?.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { uid_t($0) })
        }
        let run = await running.wait()
        #expect(server.requestCount == 1, "the binary ran and waited for its answer: \(run.stderr)")
        #expect(user != nil && user != 0, "it runs as a user other than root: \(String(describing: user))")
        #expect(owner == 0, "/proc/<pid>/environ belongs to \(String(describing: owner)), not root: the process is dumpable")
    }

    // MARK: Embedded posters are bounded

    @Test func embeddedPostersStopAtTheirBudgetAndTheRestStayLinks() async throws {
        let (state, images, servers) = try Self.posterServers(imageBytes: 3 * 1024 * 1024)
        defer { servers.forEach { $0.stop() } }
        let (run, peak) = try await state.runMeasuringMemory(Self.report + ["--embed-posters", "--format", "html"])
        #expect(run.status == 0, "\(run.stderr)")
        // Nine of the ten have a poster in the fixtures. Two fit in 8 MiB; the third does not, so it
        // and the six after it stay links.
        #expect(run.stdout.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 2)
        #expect(run.stdout.components(separatedBy: "src=\"\(images.baseURL)/").count - 1 == 7)
        #expect(run.stderr == "Warning: 7 posters stay links: the images embedded in a page may take 8 MiB in all.\n", "\(run.stderr)")
        #expect(run.stdout.utf8.count < 9 * 1024 * 1024, "\(run.stdout.utf8.count) bytes")
        #expect(images.requestCount == 4, "one wave of downloads, none past the budget: \(images.requestCount)")
        #expect(peak < 100, "peak \(peak) MiB")
    }

    @Test func postersNearTheImageLimitAreStoppedAtTheBudgetWhileTheyArrive() async throws {
        let (state, _, servers) = try Self.posterServers(imageBytes: 19 * 1024 * 1024)
        defer { servers.forEach { $0.stop() } }
        let (run, peak) = try await state.runMeasuringMemory(Self.report + ["--embed-posters", "--format", "html"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("data:image"))
        #expect(run.stderr.contains("9 posters stay links"), "\(run.stderr)")
        #expect(run.stdout.utf8.count < 1024 * 1024, "\(run.stdout.utf8.count) bytes")
        #expect(peak < 60, "each download stopped at 8 MiB: peak \(peak) MiB")
    }

    // MARK: config set through a chain of links

    @Test func configSetThroughAChainOfLinksWritesTheRealFileAndKeepsEveryLink() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let manager = FileManager.default
        let dotfiles = state.home.appendingPathComponent("dotfiles")
        let links = state.home.appendingPathComponent("links")
        let folder = state.home.appendingPathComponent("config")
        for made in [dotfiles, links, folder] {
            try manager.createDirectory(at: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let real = dotfiles.appendingPathComponent("b")
        try Data("kakao_rest_api_key = \(BinaryRunner.kakaoKey)\n".utf8).write(to: real)
        #expect(chmod(real.path, 0o600) == 0)
        // config -> ../links/a -> ../dotfiles/b, each relative to its own folder.
        let middle = links.appendingPathComponent("a")
        let config = folder.appendingPathComponent("config")
        try manager.createSymbolicLink(atPath: middle.path, withDestinationPath: "../dotfiles/b")
        try manager.createSymbolicLink(atPath: config.path, withDestinationPath: "../links/a")

        let set = try await state.run(["config", "set", "kobis"], stdin: BinaryRunner.kobisKey)
        #expect(set.status == 0, "\(set.stderr)")
        #expect((try? manager.destinationOfSymbolicLink(atPath: config.path)) == "../links/a")
        #expect((try? manager.destinationOfSymbolicLink(atPath: middle.path)) == "../dotfiles/b", "the middle link is still a link")
        let contents = try String(contentsOf: real, encoding: .utf8)
        #expect(contents == "kakao_rest_api_key = \(BinaryRunner.kakaoKey)\nkobis_api_key = \(BinaryRunner.kobisKey)\n", "\(contents)")
        var status = stat()
        #expect(stat(real.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try manager.contentsOfDirectory(atPath: links.path) == ["a"], "no file left beside the middle link")

        let daily = try await state.run(Self.daily)
        #expect(daily.status == 0, "\(daily.stderr)")
        #expect(server.requests.first?.query["key"] == BinaryRunner.kobisKey)
    }

    // MARK: Files the user names

    @Test func aReadOnlyFileIsNeverReplacedEvenByRoot() async throws {
        let (state, images, servers) = try Self.posterServers(imageBytes: 200)
        defer { servers.forEach { $0.stop() } }
        let target = state.home.appendingPathComponent("kept.png")
        try Data("keep me".utf8).write(to: target)
        #expect(chmod(target.path, 0o444) == 0)
        let download = try await state.run(["poster", "20218541", "--download", target.path])
        BinaryRunner.expectFailure(download, status: 73, mentioning: [target.path, "read-only"])
        let report = try await state.run(Self.report + ["--output", target.path])
        BinaryRunner.expectFailure(report, status: 73, mentioning: [target.path, "read-only"])
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
        var status = stat()
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o444)
        #expect(servers.allSatisfy { $0.requestCount == 0 }, "refused before any request")
        #expect(images.requestCount == 0)
    }

    @Test func aNameWithNoRoomForItsTemporarySiblingFailsBeforeAnyRequest() async throws {
        let (state, _, servers) = try Self.posterServers(imageBytes: 200)
        defer { servers.forEach { $0.stop() } }
        // The sibling is ".<name>.<13 characters>.tmp", 19 bytes more, and a name may have 255.
        let tooLong = state.home.appendingPathComponent(String(repeating: "p", count: 233) + ".png").path
        for arguments in [["poster", "20218541", "--download", tooLong], Self.report + ["--output", tooLong]] {
            let run = try await state.run(arguments)
            BinaryRunner.expectFailure(run, status: 73, mentioning: ["237 bytes", "at most 236"])
        }
        #expect(servers.allSatisfy { $0.requestCount == 0 }, "\(servers.map(\.requestCount)) requests")
        let longest = state.home.appendingPathComponent(String(repeating: "p", count: 232) + ".png").path
        let saved = try await state.run(["poster", "20218541", "--download", longest])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: longest)) == Self.png(200))
    }
}

/// `config get` and `config unset`, as `git config` and `gh config` have them.
struct ConfigGetUnsetEndToEndTests {
    @Test func aKeyIsSetShownMaskedAndUnsetWithTheRestOfTheFileKept() async throws {
        let state = BinaryRunner(keys: false)
        let key = "0123456789abcdef0123456789abcdef"
        let missing = try await state.run(["config", "get", "kobis"])
        BinaryRunner.expectFailure(missing, status: 1, mentioning: ["No KOBIS key is set"])
        #expect(try await state.run(["config", "set", "kakao"], stdin: "fedcba9876543210fedcba9876543210").status == 0)
        #expect(try await state.run(["config", "set", "kobis"], stdin: key).status == 0)
        let shown = try await state.run(["config", "get", "kobis"])
        #expect(shown.status == 0 && shown.stdout.hasPrefix("0123…cdef\tconfig file ("), "\(shown.stdout)")
        #expect(!shown.stdout.contains(key) && !shown.stderr.contains(key), "the key itself is never printed")
        let removed = try await state.run(["config", "unset", "kobis"])
        #expect(removed.status == 0 && removed.stderr.contains("Removed the KOBIS key"), "\(removed.stderr)")
        let file = try String(contentsOf: state.home.appendingPathComponent("config/config"), encoding: .utf8)
        #expect(!file.contains("kobis_api_key") && file.contains("kakao_rest_api_key = fedcba"), "\(file)")
        BinaryRunner.expectFailure(try await state.run(["config", "get", "kobis"]), status: 1, mentioning: ["No KOBIS key is set"])
        // As `git config --unset` of a name that is not there: exit 5, nothing touched, the folder's mode included.
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let again = try await state.run(["config", "unset", "kobis"])
        BinaryRunner.expectFailure(again, status: 5, mentioning: ["No KOBIS key is stored in", "nothing was changed"])
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o755)
        let environment = try await state.run(["config", "unset", "kakao"], extraEnvironment: ["KAKAO_REST_API_KEY": "x"])
        #expect(environment.status == 0, "\(environment.stderr)")
        #expect(environment.stderr.contains("KAKAO_REST_API_KEY is set in the environment"), "\(environment.stderr)")
    }

    @Test func aMalformedConfigFileIsRefusedWithNothingChanged() async throws {
        let state = BinaryRunner(keys: false)
        let folder = state.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try Data("this is not a setting\n".utf8).write(to: folder.appendingPathComponent("config"))
        for arguments in [["config", "set", "kobis"], ["config", "unset", "kobis"]] {
            let refused = try await state.run(arguments, stdin: "0123456789abcdef0123456789abcdef")
            BinaryRunner.expectFailure(refused, status: 78, mentioning: ["line 1"])
            let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            #expect(mode == 0o755, "a refused command changes nothing, the folder's mode included")
            #expect(try String(contentsOf: folder.appendingPathComponent("config"), encoding: .utf8) == "this is not a setting\n")
        }
    }
}
