import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output of a command that writes it as it is made (a chart range), held where it waits
/// until the command has succeeded: a failing run prints nothing, yet a long output is never
/// held in memory. Text is scrubbed of the keys as it comes, a piece at a time. The one owner of
/// a streamed output's bytes between the command and where they go.
package final class OutputSpool {
    /// Where the output goes once the command has succeeded.
    package enum Destination {
        /// Standard output: held in memory up to `memoryLimit`, past that in a file of no name in
        /// `scratchFolder` (where it cannot be made, in memory still), and copied out at the end.
        case standardOutput(scratchFolder: String)
        /// A file (`-o`): written into its temporary sibling as it comes, put in place at the end.
        case file(path: String)
        /// Memory only, for a caller that needs the bytes (`boxoffice mcp`).
        case memory
    }

    /// Output longer than this waits in a scratch file rather than in memory.
    static let memoryLimit = 4 << 20
    /// Text is scrubbed and stored in pieces of about this size.
    private static let pieceSize = 64 << 10

    private let destination: Destination
    private var redaction: SecretRedactor.Stream?
    /// Text written but not yet scrubbed and stored.
    private var pending: [UInt8] = []
    /// The output so far, while it is in memory.
    private var memory: [UInt8] = []
    /// The scratch file the output waits in, past `memoryLimit`.
    private var scratch: Int32?
    /// The `-o` file's temporary sibling, from the first byte on.
    private var file: AtomicFile.Writer?

    package init(_ destination: Destination) {
        self.destination = destination
    }

    deinit {
        if let scratch { close(scratch) }
    }

    /// Scrubs the keys of `redactor` from everything written from now on.
    func scrub(with redactor: SecretRedactor) {
        redaction = SecretRedactor.Stream(redactor)
    }

    /// Adds text to the output.
    func write(_ text: String) throws {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.pieceSize { try storePending() }
    }

    /// Stores what is left: the output is whole.
    func finish() throws {
        try storePending()
        if var redaction {
            let rest = redaction.finish()
            self.redaction = redaction
            try store(rest)
        }
    }

    /// The output, finished, when it went to memory.
    var bytes: Data {
        Data(memory)
    }

    /// Puts the finished `-o` file in place.
    func commit() throws {
        guard case .file(let path) = destination else { return }
        try (file ?? Self.makeFile(path)).commit()
        file = nil
    }

    /// Copies the finished output to `descriptor` (standard output).
    /// Whether copying it out may write more than `bytes`: it spilled to a file, or holds more.
    package func holdsMore(than bytes: Int) -> Bool {
        scratch != nil || memory.count > bytes
    }

    package func copy(to descriptor: Int32) -> Terminal.WriteOutcome {
        guard let scratch else { return memory.withUnsafeBytes { Terminal.write($0, to: descriptor) } }
        guard lseek(scratch, 0, SEEK_SET) == 0 else { return .failed(String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(scratch, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? .written : .failed(String(cString: strerror(errno))) }
            let outcome = buffer.withUnsafeBytes { Terminal.write(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: descriptor) }
            guard outcome == .written else { return outcome }
        }
    }

    private func storePending() throws {
        guard !pending.isEmpty else { return }
        let piece: [UInt8]
        if var redaction {
            piece = redaction.redact(pending)
            self.redaction = redaction
        } else {
            piece = pending
        }
        pending.removeAll(keepingCapacity: true)
        try store(piece)
    }

    private func store(_ piece: [UInt8]) throws {
        guard !piece.isEmpty else { return }
        switch destination {
        case .memory:
            memory += piece
        case .file(let path):
            let file = try self.file ?? Self.makeFile(path)
            self.file = file
            try file.write(piece)
        case .standardOutput(let folder):
            if scratch == nil, memory.count + piece.count > Self.memoryLimit {
                // Where no scratch file can be made, the output waits in memory, as it always did.
                Signals.arm()
                if let made = try? TemporaryFiles.shared.scratchFile(in: folder) {
                    scratch = made
                    try Self.write(memory, to: made, in: folder)
                    memory = []
                }
            }
            if let scratch {
                try Self.write(piece, to: scratch, in: folder)
            } else {
                memory += piece
            }
        }
    }

    /// The temporary sibling of `-o`'s file; a signal from now on removes it.
    private static func makeFile(_ path: String) throws -> AtomicFile.Writer {
        Signals.arm()
        return try OutputFile.writer(toPath: path)
    }

    private static func write(_ bytes: [UInt8], to scratch: Int32, in folder: String) throws {
        guard let failure = bytes.withUnsafeBytes({ FileDescriptor.writeAll($0, to: scratch) }) else { return }
        throw FileWriteError(
            path: folder,
            reason: Words(
                "the output could not wait there until it was complete (\(Words.system(failure).english)); set TMPDIR to a folder with room",
                "출력이 끝날 때까지 그곳에 기다릴 수 없었습니다(\(Words.system(failure).korean)). TMPDIR을 공간이 있는 폴더로 정하세요"))
    }
}
