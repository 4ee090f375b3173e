@testable import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Synchronization
import Testing

/// Every EXAMPLES line of every `--help` (and so of the man page, made from the same declarations)
/// runs as written: by `/bin/sh -c`, in a home of its own that holds an archive of the fixtures'
/// days, against a loopback stand-in for KOBIS, Kakao, the image host and a webhook.
@Suite(.serialized)
struct HelpExamplesEndToEndTests {
    /// Every example, in the order help shows them.
    static var examples: [String] {
        func walk(_ spec: CommandSpec) -> [String] { spec.examples + spec.subcommands.flatMap(walk) }
        var seen: Set<String> = []
        return walk(CommandCatalog.root).filter { seen.insert($0).inserted }
    }

    /// What an example ends with, when it is not 0: a first backfill stops at its budget, as the
    /// sync's help says (exit 75, the next night goes on).
    static let documentedEnds: [String: Int32] = [
        "boxoffice archive sync": 75, "boxoffice archive sync --from 2023-01-01 --budget 500": 75,
        "boxoffice archive sync --from 2023-01-01 --wide": 75,
    ]

    /// A world where every question an example asks has an answer: the fixtures first, then the
    /// shared captures for the codes they hold, then a fixture of the same endpoint; any day's
    /// chart and any week's; images on the loopback host itself.
    static func world(_ request: RecordedRequest, base: @escaping @Sendable () -> String) -> StubResponse {
        if request.path.hasPrefix("/images/") {
            return StubResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg)
        }
        if request.path.hasPrefix("/hook") { return StubResponse(status: 200, body: Data("ok".utf8)) }
        if request.path.hasSuffix("searchDailyBoxOfficeList.json") { return .syntheticDay(request) }
        if request.path.hasSuffix("searchWeeklyBoxOfficeList.json") { return week(request) }
        guard let route = EndpointRoute.of(path: request.path) else { return StubResponse(status: 404) }
        let parameters = request.query.filter { $0.key != "key" }.map { QueryParameter($0.key, $0.value) }
        let name = RecordingName.fileName(for: route.recordingName(parameters))
        let fixtures = BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures")
        let samples = BinaryRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")
        let stem = String(name.dropLast(".json".count))
        let folder = String(name.prefix { $0 != "/" })
        let prefix = String(stem.dropFirst(folder.count + 1).prefix { $0 != "-" && $0 != "=" })
        let candidates =
            [fixtures.appendingPathComponent(name), samples.appendingPathComponent(name), samples.appendingPathComponent(stem + "-capture1.json")]
            + ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? []).sorted()
            .filter { $0.hasPrefix(prefix + "-") && !$0.hasPrefix(prefix + "-9") }.map {
                fixtures.appendingPathComponent(folder).appendingPathComponent($0)
            }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }), var response = try? StubResponse.file(found)
        else { return StubResponse(status: 404) }
        if route.service == .kakao, let text = String(data: response.body, encoding: .utf8) {
            response.body = Data(text.replacingOccurrences(of: "https://example-images.invalid", with: base() + "/images").utf8)
        }
        return response
    }

    /// The fixture week relabelled as the asked one: `targetDt` is the period's last day.
    static func week(_ request: RecordedRequest) -> StubResponse {
        let kind = request.query["weekGb"] ?? "0"
        var response = StubResponse.fixture("kobis/weekly-20230813-weekGb=\(kind == "1" ? "1" : "0").json")
        guard let last = KSTDate(parsing: request.query["targetDt"] ?? ""), let text = String(data: response.body, encoding: .utf8),
            let range = text.range(of: #""showRange":"[0-9]{8}~[0-9]{8}""#, options: .regularExpression)
        else { return response }
        let first = last.adding(days: kind == "0" ? -6 : kind == "1" ? -2 : -3)
        let compact = { (day: KSTDate) in day.iso.replacingOccurrences(of: "-", with: "") }
        response.body = Data(text.replacingCharacters(in: range, with: #""showRange":"\#(compact(first))~\#(compact(last))""#).utf8)
        return response
    }

    /// The smallest JPEG a poster check accepts: its start-of-image and JFIF marks.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00] + [UInt8](repeating: 0, count: 200) + [0xFF, 0xD9])

    @Test(.enabled(if: TestTools.runsSampleTests, "the shared captures are not beside the repository (../shared/samples)"))
    func everyExampleRunsAsWritten() async throws {
        let base = BaseURL()
        let server = try LoopbackServer { request in Self.world(request, base: base.get) }
        defer { server.stop() }
        base.set(server.baseURL)
        // A home holding an archive of the fixtures' days, and the folders completions go into.
        let seed = BinaryRunner(kobisURL: server.baseURL, kakaoURL: server.baseURL)
        let seeded = try await seed.run(["archive", "sync", "--from", "2023-08-11", "--to", "2023-08-20", "--replay", "Fixtures", "--wide"])
        try #require(seeded.status == 0, "\(seeded.stderr)")
        for folder in [".local/share/bash-completion/completions", ".zfunc", ".config/fish/completions"] {
            try FileManager.default.createDirectory(at: seed.home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let programs = TemporaryFolder("boxoffice-examples-bin")
        try FileManager.default.createSymbolicLink(at: programs.url.appendingPathComponent("boxoffice"), withDestinationURL: BinaryRunner.binary)
        // A mail transfer agent that keeps what it is given.
        let sendmail = programs.url.appendingPathComponent("sendmail")
        try Data("#!/bin/sh\ncat > \"$HOME/sent.eml\"\n".utf8).write(to: sendmail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        let hasMan = TestTools.path(of: "man") != nil

        #expect(Self.examples.count > 60)
        for example in Self.examples {
            if example.contains("| man ") && !hasMan && !TestTools.isCI { continue }
            let home = TemporaryFolder("boxoffice-example")
            _ = try await Subprocess.run(["cp", "-a", seed.home.path + "/.", home.url.path], in: home.url)
            try FileManager.default.createSymbolicLink(
                at: home.url.appendingPathComponent("Fixtures"), withDestinationURL: BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures"))
            // Its own cache, ledger, config and archive: every path of the seed's home moved to this one.
            var environment = seed.environment.mapValues { $0.replacingOccurrences(of: seed.home.path, with: home.url.path) }
            environment["HOME"] = home.url.path
            // The statement an example reads from a file.
            try Data("SELECT day, title FROM daily_chart WHERE rank = 1 ORDER BY day\n".utf8).write(to: home.url.appendingPathComponent("query.sql"))
            // The key an example pipes into `config set`.
            environment["KEY"] = BinaryRunner.kobisKey
            environment["PATH"] = programs.url.path + ":/usr/bin:/bin"
            environment["WEBHOOK"] = server.baseURL + "/hook"
            let ran = try await Subprocess.run(
                ["/bin/sh", "-c", "(" + example + ") </dev/null"], in: home.url, environment: environment, inheriting: false)
            let expected = Self.documentedEnds[example] ?? 0
            #expect(ran.status == expected, "\(example) ended with \(ran.status):\n\(ran.output.suffix(600))")
        }
    }
}

/// The server's own address, known once it listens, for the answers it gives.
final class BaseURL: Sendable {
    private let value = Mutex("")
    func get() -> String { value.withLock { $0 } }
    func set(_ url: String) { value.withLock { $0 = url } }
}
