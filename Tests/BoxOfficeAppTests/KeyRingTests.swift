@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Synchronization
import Testing

/// A run reads its keys once, and scrubs exactly the keys it sends.
struct KeyRingTests {
    static let first = "0123456789abcdef0123456789abcdef"
    static let second = "fedcba9876543210fedcba9876543210"

    /// A ring over a config folder of its own, and the lines the run wrote to stderr.
    static func ring(in folder: URL) -> (KeyRing, lines: @Sendable () -> [String]) {
        let lines = Mutex<[String]>([])
        let context = ProcessContext(
            variables: ["BOXOFFICE_CONFIG_DIR": folder.path, "HOME": folder.path], now: Date(), stdoutIsTerminal: false, stderrIsTerminal: false,
            readStandardInput: { _ in Data() }, log: { line in lines.withLock { $0.append(line) } })
        return (KeyRing(KeyStore(context: context, paths: Paths(context))), { lines.withLock { $0 } })
    }

    static func writeConfig(_ key: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("config")
        try Data("kobis_api_key = \(key)\n".utf8).write(to: file)
        // Others may read it: a run says so, once.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    }

    @Test func theKeysAreReadOnceARunAndTheRedactorScrubsTheKeysSent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeConfig(Self.first, in: folder)
        let (ring, lines) = Self.ring(in: folder)
        // A streaming command scrubs its output before its client reads the keys.
        _ = ring.redactor
        #expect(try ring.keys()[.kobis]?.value == Self.first)
        // Stored while the run (a server) goes on: neither sent nor looked for until the next run.
        try Self.writeConfig(Self.second, in: folder)
        #expect(try ring.keys()[.kobis]?.value == Self.first)
        let scrubbed = String(decoding: ring.redactor.redact(Data("sent \(Self.first), stored \(Self.second)".utf8)), as: UTF8.self)
        #expect(scrubbed == "sent \(SecretRedactor.replacement), stored \(Self.second)", "\(scrubbed)")
        #expect(lines().filter { $0.contains("can be read by others") }.count == 1, "\(lines())")
    }

    @Test func aRunThatNeedsNoKeyScrubsThemWithoutWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeConfig(Self.first, in: folder)
        let (ring, lines) = Self.ring(in: folder)
        #expect(String(decoding: ring.redactor.redact(Data(Self.first.utf8)), as: UTF8.self) == SecretRedactor.replacement)
        #expect(lines().isEmpty, "\(lines())")
    }
}
