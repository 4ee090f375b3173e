import Foundation
import Testing
@testable import BoxOfficeCore
#if canImport(Glibc)
import Glibc
#endif

/// Atomic writes: the final mode from the first byte, no temporary file left, and none left
/// behind when a signal ends the run.
final class AtomicFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-atomic-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func pathsSplitAtTheirLastSlashAsTheFileSystemSeesIt() {
        // As NSString splits them, except at a slash that a combining mark follows: NSString keeps
        // the two together as one character, where the file system sees a folder and a name.
        let cases = [
            ("file", "", "file"), ("/file", "/", "file"), ("dir/file", "dir", "file"), ("dir/", "", "dir"),
            ("dir//", "", "dir"), ("", "", ""), ("/a/b/c", "/a/b", "c"), ("밀수/포스터.jpg", "밀수", "포스터.jpg"),
            ("dir/\u{301}x", "dir", "\u{301}x"), ("a\u{301}/b", "a\u{301}", "b"),
        ]
        for (path, folder, name) in cases {
            let parts = AtomicFile.parts(of: path)
            #expect(parts.folder == folder && parts.name == name, "\(path.unicodeScalars.map { $0.value })")
        }
    }

    @Test func aMissingFolderIsNamedNotLeftToTheSystemsWords() throws {
        let missing = folder.appendingPathComponent("nonexistent/dir")
        let target = missing.appendingPathComponent("x.jpg").path
        #expect(throws: FileWriteError(path: target, reason: FileWriteError.folderReason(missing.path, errno: ENOENT))) {
            try AtomicFile.write(Data(), toPath: target, permissions: .standard)
        }
        let file = folder.appendingPathComponent("plain")
        try Data().write(to: file)
        let inside = file.appendingPathComponent("x.jpg").path
        #expect(throws: FileWriteError(path: inside, reason: FileWriteError.folderReason(file.path, errno: ENOTDIR))) {
            try AtomicFile.write(Data(), toPath: inside, permissions: .standard)
        }
    }

    @Test func aPrivateFileIsCreatedPrivate() throws {
        let path = folder.appendingPathComponent("config").path
        // A registry of its own: other tests write through the shared one in parallel.
        let registry = TemporaryFiles()
        try AtomicFile.write(Data("k = v\n".utf8), toPath: path, permissions: .exactly(0o600), registry: registry)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["config"])
        #expect(registry.pending.isEmpty, "the temporary file is forgotten once renamed")
    }

    @Test func aSignalRemovesTheTemporaryFilesOfWritesInProgressAndAnyLater() throws {
        let registry = TemporaryFiles()
        let pending = folder.appendingPathComponent(".poster.png.abc.tmp").path
        guard case .success(let descriptor) = registry.create(pending, mode: 0o600) else {
            Issue.record("the temporary file was not created")
            return
        }
        close(descriptor)
        registry.removeAll()
        #expect(!FileManager.default.fileExists(atPath: pending))
        #expect(registry.pending.isEmpty)
        // Another thread's write that starts after the clean-up leaves nothing either.
        let late = folder.appendingPathComponent("late.json").path
        #expect(throws: FileWriteError(path: late, reason: Words.system(ECANCELED))) {
            try AtomicFile.write(Data("late".utf8), toPath: late, permissions: .standard, registry: registry)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
