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

/// A file the user named (`--download`, `--output`): written atomically, and only if it is a
/// regular file or does not exist yet. A device, FIFO, socket, folder or symlink is refused,
/// never replaced, and so is a file its owner cannot write; an existing file keeps its permissions.
package enum OutputFile {
    /// Writes `data` to `path` under those rules.
    package static func write(_ data: Data, toPath path: String) throws(FileWriteError) {
        try AtomicFile.write(data, toPath: path, permissions: try permissions(forPath: path))
    }

    /// A writer of `path` under those rules, for output written as it is made.
    package static func writer(toPath path: String) throws(FileWriteError) -> AtomicFile.Writer {
        try AtomicFile.Writer(path: path, permissions: try permissions(forPath: path))
    }

    /// Checks before any work is done that `path` may be written; `write` checks again.
    package static func check(_ path: String) throws(FileWriteError) {
        _ = try permissions(forPath: path)
    }

    /// Checks before any work is done that files may be created in `folder`.
    package static func checkFolder(_ folder: String) throws(FileWriteError) {
        var status = stat()
        guard stat(folder, &status) == 0 else { throw FileWriteError(path: folder, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileWriteError(path: folder, reason: Words("it is not a folder", "폴더가 아닙니다")) }
        guard access(folder, W_OK | X_OK) == 0 else { throw FileWriteError(path: folder, errno: errno) }
    }

    /// An existing regular file's own mode, the standard mode for a new file, or an error.
    private static func permissions(forPath path: String) throws(FileWriteError) -> AtomicFile.Permissions {
        try checkTemporaryNameFits(path)
        var status = stat()
        let folder = AtomicFile.parts(of: path).folder
        // The contents go to a sibling that takes the file's place: new or not, its folder must take one (not /proc's).
        func checkFolderTakesAFile() throws(FileWriteError) {
            let directory = folder.isEmpty ? "." : folder
            guard access(directory, W_OK | X_OK) == 0 else {
                throw FileWriteError(path: path, reason: FileWriteError.folderReason(directory, errno: errno))
            }
        }
        guard lstat(path, &status) == 0 else {
            let code = errno
            // `out/` names a folder: a file can never be written there, so say so now, not after the requests.
            if path.utf8.last == UInt8(ascii: "/"), [ENOENT, ENOTDIR].contains(code) {
                throw FileWriteError(path: path, reason: Words("a name ending in / is a folder's, not a file's", "/로 끝나는 이름은 파일이 아니라 폴더의 이름입니다"))
            }
            if code == ENOTDIR { throw FileWriteError(path: path, reason: FileWriteError.folderReason(folder, errno: code)) }
            guard code == ENOENT else { throw FileWriteError(path: path, errno: code) }
            try checkFolderTakesAFile()
            return .standard
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw FileWriteError(
                path: path,
                reason: Words(
                    "it is \(FileDescriptor.kind(type).english), not a regular file, so it is left alone",
                    "일반 파일이 아니라 \(FileDescriptor.kind(type).korean)이므로 건드리지 않습니다"))
        }
        // A file its owner made read-only is not replaced behind their back. The owner's write bit
        // decides: root passes access(W_OK) whatever the mode.
        guard status.st_mode & S_IWUSR != 0 else {
            throw FileWriteError(
                path: path,
                reason: Words(
                    "it is read-only (mode \(String(status.st_mode & 0o777, radix: 8))), so it is left alone",
                    "읽기 전용(모드 \(String(status.st_mode & 0o777, radix: 8)))이므로 건드리지 않습니다"))
        }
        guard access(path, W_OK) == 0 else { throw FileWriteError(path: path, errno: errno) }
        try checkFolderTakesAFile()
        return .exactly(status.st_mode & 0o7777)
    }

    /// The write goes through a temporary sibling whose name is longer than the target's: a name
    /// that leaves it no room in its folder is refused now, not after the requests were spent.
    private static func checkTemporaryNameFits(_ path: String) throws(FileWriteError) {
        let (folder, name) = AtomicFile.parts(of: path)
        let longest = pathconf(folder.isEmpty ? "." : folder, Int32(_PC_NAME_MAX))
        let limit = longest > 0 ? longest : Int(NAME_MAX)
        let room = limit - (AtomicFile.temporaryName(for: name).utf8.count - name.utf8.count)
        guard name.utf8.count <= room else {
            throw FileWriteError(
                path: path,
                reason: Words(
                    "its name has \(name.utf8.count) bytes, and a file written safely here may have at most \(room)",
                    "이름이 \(name.utf8.count)바이트인데, 여기에 안전하게 쓰는 파일의 이름은 많아야 \(room)바이트입니다"))
        }
    }
}
