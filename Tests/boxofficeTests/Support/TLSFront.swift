import Foundation
import Testing

/// A certificate authority made for one test, and server certificates it signed, in a folder of
/// their own: made with the distribution's `openssl`, valid for two days, never trusted by the system.
struct TestCertificates {
    /// A server certificate and its key.
    struct Identity {
        let certificate: URL
        let key: URL
    }

    let folder: TemporaryFolder
    /// The authority's certificate, the file to trust.
    let authority: URL
    /// For 127.0.0.1 and localhost.
    let loopback: Identity
    /// For other.test only: a name the tests never ask for.
    let otherName: Identity
    /// A folder holding the authority under its hashed name, as `SSL_CERT_DIR` wants.
    let authorityFolder: URL

    init() async throws {
        let openssl = try TestTools.require("openssl")
        folder = TemporaryFolder("boxoffice-tls")
        let root = folder.url
        let authority = root.appendingPathComponent("ca.pem")
        self.authority = authority
        let authorityKey = root.appendingPathComponent("ca.key")
        try await Self.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", authorityKey.path, "-out", authority.path, "-days", "2", "-subj", "/CN=boxoffice test CA",
            ])
        loopback = try await Self.identity(
            "loopback", for: "IP:127.0.0.1,DNS:localhost", openssl: openssl, in: root, signedBy: authority, key: authorityKey)
        otherName = try await Self.identity(
            "other.test", for: "DNS:other.test", openssl: openssl, in: root, signedBy: authority, key: authorityKey)
        let authorityFolder = root.appendingPathComponent("trusted")
        self.authorityFolder = authorityFolder
        try FileManager.default.createDirectory(at: authorityFolder, withIntermediateDirectories: true)
        let hash = try await Self.run(openssl, ["x509", "-hash", "-noout", "-in", authority.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(at: authority, to: authorityFolder.appendingPathComponent("\(hash).0"))
    }

    /// A key and a certificate for `alternativeNames`, signed by the authority.
    private static func identity(
        _ name: String, for alternativeNames: String, openssl: String, in root: URL,
        signedBy authority: URL, key authorityKey: URL
    ) async throws -> Identity {
        let key = root.appendingPathComponent("\(name).key")
        let request = root.appendingPathComponent("\(name).csr")
        let certificate = root.appendingPathComponent("\(name).pem")
        let extensions = root.appendingPathComponent("\(name).ext")
        try Data("subjectAltName=\(alternativeNames)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8).write(to: extensions)
        try await Self.run(
            openssl,
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key.path, "-out", request.path, "-subj", "/CN=\(name)",
            ])
        try await Self.run(
            openssl,
            [
                "x509", "-req", "-in", request.path, "-CA", authority.path, "-CAkey", authorityKey.path,
                "-CAcreateserial", "-out", certificate.path, "-days", "2", "-extfile", extensions.path,
            ])
        return Identity(certificate: certificate, key: key)
    }

    /// Runs openssl and returns its stdout; throws, with its stderr, when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) async throws -> String {
        let result = try await ProgramRun.run(program, arguments)
        guard result.status == 0 else {
            throw ToolFailure(description: "\(program) \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return result.stdout
    }
}

/// `Tests/TLS/tls_front.py` in front of a loopback server: https on 127.0.0.1 with the given
/// certificate, each request passed on to the server, every accepted TLS connection counted.
final class TLSFront {
    let port: UInt16
    private let process: Process
    private let input: Pipe
    private let countFile: URL
    private let folder = TemporaryFolder("boxoffice-tls-front")

    var baseURL: String { "https://127.0.0.1:\(port)" }

    /// TCP connections accepted so far, each one a TLS handshake begun.
    var connectionCount: Int {
        (try? String(contentsOf: countFile, encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    init(serving server: LoopbackServer, as identity: TestCertificates.Identity) async throws {
        let python = try TestTools.require("python3")
        countFile = folder.url.appendingPathComponent("connections")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            BinaryRunner.repositoryRoot.appendingPathComponent("Tests/TLS/tls_front.py").path,
            "--certificate", identity.certificate.path, "--key", identity.key.path,
            "--backend-port", String(server.port), "--count-file", countFile.path,
        ]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let reader = PipeReader(output)
        try process.runCounted()
        // The first line is the port, written once it listens.
        do {
            try await reader.waitFor("\n")
        } catch {
            process.terminate()
            throw error
        }
        guard let line = reader.text.split(separator: "\n").first, let port = UInt16(line) else {
            process.terminate()
            throw ToolFailure(description: "the TLS front did not start: \(reader.text)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// Ends the front: its stdin closing ends it (as it does should the tests end first), and so
    /// does SIGTERM. Nothing waits for it to go: Foundation reaps it.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }
}
