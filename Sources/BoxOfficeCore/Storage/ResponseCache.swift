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

/// Response bodies on disk, each with its expiry, written atomically so that a crash or two
/// concurrent runs never leave half an entry.
///
/// An entry is one file: a header line `boxoffice-cache 1 expires=<unix seconds|never>` and the
/// body exactly as received. Names come from `RecordingName`, so no entry holds a key.
public struct ResponseCache: Sendable {
    /// The folder entries live in.
    public let directory: URL

    private static let magic = "boxoffice-cache 1"
    private static let never = "never"
    private static let newline = UInt8(ascii: "\n")

    /// Creates a cache over a folder (made on first write, mode 0700).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The body stored under `name` if it has not expired; nil when absent or stale.
    /// Throws `CacheError.unreadable` for an entry that is not ours or is damaged.
    public func read(named name: String, now: Date) throws -> Data? {
        let file = fileURL(for: name)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        var contents: Data
        do {
            contents = try Data(contentsOf: file)
        } catch {
            throw CacheError.unreadable(file.path)
        }
        guard let entry = Self.parse(contents) else { throw CacheError.unreadable(file.path) }
        if let expiry = entry.expiresAt, expiry <= now { return nil }
        // The header goes in place: an answer of megabytes is not copied to drop its first line.
        contents.removeSubrange(contents.startIndex..<entry.bodyStart)
        return contents
    }

    /// Stores a body; `expiresAt` nil keeps it for good.
    public func write(_ body: Data, named name: String, expiresAt: Date?) throws {
        let file = fileURL(for: name)
        try Self.makeDirectory(file.deletingLastPathComponent(), upTo: directory)
        let expiry = expiresAt.map { String(Int($0.timeIntervalSince1970.rounded(.up))) } ?? Self.never
        // The header and the body go to the file one after the other, not copied into one.
        let entry = try AtomicFile.Writer(path: file.path, permissions: .standard)
        try entry.write(Data(utf8: "\(Self.magic) expires=\(expiry)\n"))
        try entry.write(body)
        try entry.commit()
    }

    /// Removes every entry this cache wrote (a `.json` file that starts with its header) and
    /// the folders they leave empty; anything else under the folder stays. Returns the count.
    @discardableResult
    public func clear() throws -> Int {
        let tree = fileTree(below: directory.path)
        var removed = 0
        for file in Self.entryFiles(in: tree) where Self.isEntry(file) {
            try FileManager.default.removeItem(at: file)
            removed += 1
        }
        let folders = tree.filter { $0.kind == S_IFDIR }.map(\.path)
        // Deepest first, so a folder is empty by the time it is tried; rmdir leaves a non-empty one alone.
        for folder in folders.sorted(by: { $0.count > $1.count }) + [directory.path] {
            rmdir(folder)
        }
        return removed
    }

    /// Whether a file begins with this cache's header.
    private static func isEntry(_ file: URL) -> Bool {
        fileStarts(atPath: file.path, with: Array(magic.utf8))
    }

    /// Counts entries, their bytes and how many have expired.
    public func statistics(now: Date) -> CacheStatistics {
        var statistics = CacheStatistics()
        for file in Self.entryFiles(in: fileTree(below: directory.path)) {
            statistics.entries += 1
            let data = (try? Data(contentsOf: file)) ?? Data()
            statistics.bytes += data.count
            if let entry = Self.parse(data) {
                if let expiry = entry.expiresAt, expiry <= now { statistics.expired += 1 }
                if entry.expiresAt == nil { statistics.permanent += 1 }
            } else {
                statistics.unreadable += 1
            }
        }
        return statistics
    }

    func fileURL(for name: String) -> URL {
        directory.appendingPathComponent(RecordingName.fileName(for: name), isDirectory: false)
    }

    /// Regular `.json` files only: opening a FIFO someone named `x.json` would block for good.
    private static func entryFiles(in tree: [FileTreeEntry]) -> [URL] {
        tree.filter { entry in
            entry.kind == S_IFREG && entry.name.hasSuffix(".json") && entry.name != ".json"
        }.map { URL(fileURLWithPath: $0.path, isDirectory: false) }
    }

    /// The entry's expiry and where its body starts.
    private static func parse(_ contents: Data) -> (expiresAt: Date?, bodyStart: Data.Index)? {
        guard let end = contents.firstIndex(of: newline) else { return nil }
        let header = String(decoding: contents[contents.startIndex..<end], as: UTF8.self)
        let prefix = magic + " expires="
        guard header.hasPrefix(prefix) else { return nil }
        let value = header.dropFirst(prefix.count)
        let bodyStart = contents.index(after: end)
        if value == never { return (nil, bodyStart) }
        guard let seconds = Int(value) else { return nil }
        return (Date(timeIntervalSince1970: TimeInterval(seconds)), bodyStart)
    }

    private static func makeDirectory(_ folder: URL, upTo root: URL) throws {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.path)
    }
}

/// A path under a folder, its last component and its type (`S_IFREG`, `S_IFDIR`…).
private struct FileTreeEntry {
    let path: String
    let name: String
    let kind: mode_t
}

/// Everything below `root`. A symbolic link is listed as one and never followed, and a folder
/// that cannot be read is listed but not entered, so the rest is still found.
private func fileTree(below root: String) -> [FileTreeEntry] {
    var found: [FileTreeEntry] = []
    var folders = [root]
    while let folder = folders.popLast() {
        guard let stream = opendir(folder) else { continue }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            found.append(FileTreeEntry(path: path, name: name, kind: kind))
            if kind == S_IFDIR { folders.append(path) }
        }
    }
    return found
}

/// Whether the file at `path` begins with `prefix`.
private func fileStarts(atPath path: String, with prefix: [UInt8]) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var start = [UInt8](repeating: 0, count: prefix.count)
    return read(descriptor, &start, prefix.count) == prefix.count && start == prefix
}
