import Foundation
import Testing

/// libcurl is loaded on the first request, not before `main` (see Sources/LazyCurl): a run the
/// cache answers never maps it, and a missing libcurl is a clear exit 69. SQLite likewise only
/// for a command that opens the archive (Sources/LazySQLite).
@Suite(.serialized)
struct LazyCurlEndToEndTests {
    /// The static release binary, built as the README installs it; `.ci/run` builds it and sets this.
    static let staticBinary = ProcessInfo.processInfo.environment["BOXOFFICE_STATIC_BINARY"]
    static let nowhere = ["BOXOFFICE_LIBCURL": "/nonexistent/libcurl.so.4"]

    /// What every build must do: map no libcurl at start-up, answer from the cache without it, and
    /// say why it cannot make a request, once one is needed.
    static func expectLibcurlOnlyForRequests(_ binary: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // glibc's loader lists the libraries it would map, and stops, as ldd does.
        let trace = try await BinaryRunner().start(["--version"], extraEnvironment: ["LD_TRACE_LOADED_OBJECTS": "1"], executable: binary).wait()
        #expect(
            trace.stdout.contains("libc.so") && !trace.stdout.contains("curl") && !trace.stdout.contains("FoundationNetworking")
                && !trace.stdout.contains("sqlite"),
            "\(trace.stdout)", sourceLocation: sourceLocation)
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let daily = ["daily", "--date", "20230818"]
        let missing = try await state.start(daily, extraEnvironment: nowhere, executable: binary).wait()
        BinaryRunner.expectFailure(
            missing, status: 69, mentioning: ["libcurl", "/nonexistent/libcurl.so.4", "BOXOFFICE_LIBCURL"], sourceLocation: sourceLocation)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)", sourceLocation: sourceLocation)
        #expect(server.requestCount == 0, sourceLocation: sourceLocation)
        let notCurl = try await state.start(daily, extraEnvironment: ["BOXOFFICE_LIBCURL": "libz.so.1"], executable: binary).wait()
        BinaryRunner.expectFailure(notCurl, status: 69, mentioning: ["libz.so.1 has no function curl_"], sourceLocation: sourceLocation)
        let fetched = try await state.start(daily, executable: binary).wait()
        #expect(fetched.status == 0 && fetched.stdout.contains("콘크리트 유토피아"), "\(fetched.stderr)", sourceLocation: sourceLocation)
        let cached = try await state.start(daily, extraEnvironment: nowhere, executable: binary).wait()
        #expect(cached.status == 0 && cached.stdout == fetched.stdout, "the cache needs no libcurl: \(cached.stderr)", sourceLocation: sourceLocation)
        #expect(server.requestCount == 1, sourceLocation: sourceLocation)
        // glibc's loader names every library it opens: a cached chart opens no SQLite, the archive does.
        let files = ["LD_DEBUG": "files"]
        let chart = try await state.start(daily, extraEnvironment: files, executable: binary).wait()
        #expect(chart.status == 0 && !chart.stderr.contains("sqlite"), "\(chart.stderr)", sourceLocation: sourceLocation)
        // A run that passes its cache by starts loading libcurl after its parse; its help does
        // not, and a server passes its options on to calls that may never come.
        let help = try await state.start(daily + ["--no-cache", "--help"], extraEnvironment: files, executable: binary).wait()
        #expect(help.status == 0 && !help.stderr.contains("curl"), "\(help.stderr)", sourceLocation: sourceLocation)
        let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n"
        let serving = try await state.start(["mcp", "--no-cache"], stdin: ping, extraEnvironment: files, executable: binary).wait()
        #expect(serving.status == 0 && serving.stdout.contains(#""id":1"#), "\(serving.stdout)", sourceLocation: sourceLocation)
        #expect(!serving.stderr.contains("curl"), "\(serving.stderr.suffix(2000))", sourceLocation: sourceLocation)
        let refreshed = try await state.start(daily + ["--refresh"], extraEnvironment: files, executable: binary).wait()
        #expect(refreshed.status == 0 && refreshed.stderr.contains("libcurl.so"), "\(refreshed.stderr.suffix(2000))", sourceLocation: sourceLocation)
        let archive = try await state.start(
            ["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-18", "--replay", "Fixtures"], extraEnvironment: files, executable: binary
        ).wait()
        #expect(archive.status == 0 && archive.stderr.contains("libsqlite3.so.0"), "\(archive.stderr.suffix(2000))", sourceLocation: sourceLocation)
    }

    @Test func theBuiltBinaryMapsNoLibcurlBeforeItsFirstRequest() async throws {
        try await Self.expectLibcurlOnlyForRequests(BinaryRunner.binary.path)
    }

    @Test(.enabled(if: staticBinary != nil, "no static build here; .ci/run builds one and sets BOXOFFICE_STATIC_BINARY"))
    func theStaticBinaryMapsNoLibcurlBeforeItsFirstRequestAndRequestsThroughIt() async throws {
        let binary = try #require(Self.staticBinary)
        try await Self.expectLibcurlOnlyForRequests(binary)
        // Real requests through the loaded libcurl: concurrent ones, a movie and a refused redirect.
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let range = try await state.start(["daily", "--from", "20230811", "--to", "20230818", "--format", "csv"], executable: binary).wait()
        #expect(range.status == 0 && range.stdout.split(separator: "\n").count == 1 + 8 * 10, "\(range.stderr)")
        // Now cached, a day maps no libcurl at all (glibc's loader lists every file it opens).
        let opened = try await state.start(["daily", "--date", "20230818"], extraEnvironment: ["LD_DEBUG": "files"], executable: binary).wait()
        #expect(opened.status == 0 && opened.stderr.contains("file=libc.so") && !opened.stderr.contains("curl"), "\(opened.stderr)")
        let movie = try await state.start(["movie", "20218541", "--format", "json"], executable: binary).wait()
        #expect(movie.status == 0 && movie.stdout.contains("\"title\": \"밀수\""), "\(movie.stderr)")
        let elsewhere = try LoopbackServer { _ in StubResponse(status: 302, headers: ["Location": "http://127.0.0.1:9/rest/x"], body: Data()) }
        defer { elsewhere.stop() }
        let redirected = try await BinaryRunner(kobisURL: elsewhere.baseURL).start(["daily", "--date", "20230818"], executable: binary).wait()
        BinaryRunner.expectFailure(redirected, status: 69, mentioning: ["redirected"])
    }
}
