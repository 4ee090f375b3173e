import Foundation
import Testing

/// The library as an app meets it: a package of its own (`Tests/Consumer`) depends on a tagged
/// clone of this repository by version, in plain Swift 6 without upcoming features, compiles every
/// Swift example of the README's library section, and runs a program that decodes a recorded
/// chart through the README's stub loader and checks what an app meets: cancellation, one error
/// type, a main-actor caller, models that round-trip, transport options, one call for a poster. SwiftPM refuses a version-pinned dependency whose
/// library products carry unsafe flags, so this is also the check that none do.
@Suite(.serialized)
struct ConsumerPackageTests {
    static let root = BinaryRunner.repositoryRoot

    /// The Swift blocks of the README's "Use the library" section, but the manifest lines.
    static func readmeExamples() throws -> [String] {
        try Readme.blocks("swift", in: "Use the library").filter { !$0.hasPrefix("// Package.swift") }
    }

    @Test func anAppAddsTheLibraryByVersionAndTheReadmeExamplesCompileAndRun() async throws {
        let examples = try Self.readmeExamples()
        #expect(examples.count >= 2, "the README's library section lost its examples")
        let folder = TemporaryFolder("boxoffice-consumer")
        let clone = folder.url.appendingPathComponent("boxoffice")
        let git = try await Subprocess.run(["git", "clone", "--quiet", "--no-local", Self.root.path, clone.path], in: folder.url)
        try #require(git.status == 0, "\(git.output)")
        try await Subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "tag", "1.0.0"], in: clone)
        let consumer = folder.url.appendingPathComponent("consumer")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/Consumer"), to: consumer)
        for (index, example) in examples.enumerated() {
            try Data(example.utf8).write(to: consumer.appendingPathComponent("Sources/Consumer/ReadmeExample\(index + 1).swift"))
        }
        let environment = ["BOXOFFICE_REPOSITORY_URL": clone.absoluteString]
        let build = try await Subprocess.run(["swift", "build"], in: consumer, environment: environment)
        try #require(build.status == 0, "the consumer did not build:\n\(build.output.suffix(4000))")
        #expect(!build.output.contains("warning:"), "\(build.output.suffix(4000))")
        let fixture = Self.root.appendingPathComponent("Fixtures/kobis/daily-20230818.json").path
        // A Korean locale of the app's process, made here: the system may have none installed.
        let locales = folder.url.appendingPathComponent("locales")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let made = try await Subprocess.run(
            ["localedef", "-i", "ko_KR", "-f", "UTF-8", locales.appendingPathComponent("ko_KR.UTF-8").path], in: folder.url)
        try #require(made.status == 0, "localedef could not make ko_KR.UTF-8: \(made.output)")
        let korean = environment.merging(["LOCPATH": locales.path, "LANG": "ko_KR.UTF-8", "LC_ALL": "ko_KR.UTF-8"]) { $1 }
        let ran = try await Subprocess.run(["swift", "run", "--skip-build", "Consumer", fixture], in: consumer, environment: korean)
        #expect(ran.status == 0 && ran.output.contains("2023-08-18 #1 콘크리트 유토피아 112934"), "\(ran.output.suffix(2000))")
        #expect(ran.output.contains("archived: 콘크리트 유토피아 112934"), "the archive from an app: \(ran.output.suffix(2000))")
        // What an app meets (AppChecks.swift), a line each.
        for line in [
            "cancel: CancellationError", "transport: transportFailed, keys scrubbed: true", "main actor: 밀수", "round-trip: chart true, report true",
            "trend: 8 days, progress 8/8", "poster: found in 1 call",
            "in Korean: KOBIS의 응답이 box-office JSON 본문이 아닙니다: HTML입니다.",
            "described: KOBIS의 응답이 box-office JSON 본문이 아닙니다: HTML입니다.",
        ] {
            #expect(ran.output.contains(line), "\(line)\n\(ran.output.suffix(2000))")
        }
        #expect(ran.output.components(separatedBy: "transport: transportFailed, keys scrubbed: true").count == 3, "KOBIS and Kakao alike")
    }
}
