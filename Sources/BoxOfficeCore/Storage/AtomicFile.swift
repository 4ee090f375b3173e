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

/// Writes a file so that readers see the old contents or the new, never half: the bytes go to a
/// temporary sibling created with its final permissions from the first byte, which is then
/// renamed over the target. Every file `boxoffice` writes goes through here.
package enum AtomicFile {
    /// The permissions a new file is created with.
    package enum Permissions: Sendable, Equatable {
        /// Exactly this mode, whatever the umask (a key file's 0600, a kept file's own mode).
        case exactly(mode_t)
        /// 0666 less the umask, as any program's new file.
        case standard
    }

    /// The folder and the last component of a path, as NSString splits them: trailing slashes
    /// do not count, and a bare name has the empty folder. Split at the byte `/`, which in UTF-8
    /// never stands inside another character (as a `Character`, it can carry a combining mark).
    package static func parts(of path: String) -> (folder: String, name: String) {
        let slash = UInt8(ascii: "/")
        let bytes = Array(path.utf8)
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        let trimmed = bytes[..<end]
        guard let last = trimmed.lastIndex(of: slash) else { return ("", String(decoding: trimmed, as: UTF8.self)) }
        let folder = last == 0 ? "/" : String(decoding: trimmed[..<last], as: UTF8.self)
        return (folder, String(decoding: trimmed[(last + 1)...], as: UTF8.self))
    }

    /// Writes `data` to `path`; the temporary file is registered in `registry`, so that a signal
    /// that ends the run can remove it.
    package static func write(
        _ data: Data, toPath path: String, permissions: Permissions, registry: TemporaryFiles = .shared
    ) throws(FileWriteError) {
        let file = try Writer(path: path, permissions: permissions, registry: registry)
        try file.write(data)
        try file.commit()
    }

    /// A file written piece by piece into its temporary sibling, which takes the target's place
    /// only at `commit`: what is written as it is made (a long range) goes to the disk, not to
    /// memory, and readers still see the old contents or the new, never half. Let go without a
    /// commit, the temporary file is removed.
    package final class Writer {
        private let path: String
        private let temporary: String
        private let registry: TemporaryFiles
        private var descriptor: Int32?

        /// Creates the temporary sibling of `path`, with its final permissions from the first byte.
        package init(path: String, permissions: Permissions, registry: TemporaryFiles = .shared) throws(FileWriteError) {
            let (folder, name) = AtomicFile.parts(of: path)
            self.path = path
            temporary = (folder.isEmpty ? "." : folder) + "/" + temporaryName(for: name)
            self.registry = registry
            let mode: mode_t =
                switch permissions {
                case .exactly(let mode): mode
                case .standard: 0o666
                }
            let opened: Int32
            switch registry.create(temporary, mode: mode) {
            case .success(let descriptor): opened = descriptor
            case .failure(let error) where [ENOENT, ENOTDIR].contains(error.code):
                throw FileWriteError(path: path, reason: FileWriteError.folderReason(folder.isEmpty ? "." : folder, errno: error.code))
            case .failure(let error): throw FileWriteError(path: path, errno: error.code)
            }
            descriptor = opened
            if case .exactly(let mode) = permissions, fchmod(opened, mode) != 0 {
                let failure = FileWriteError(path: path, errno: errno)
                discard()
                throw failure
            }
        }

        deinit {
            discard()
        }

        /// Adds `bytes` to the file; a failure removes it.
        package func write(_ bytes: some ContiguousBytes) throws(FileWriteError) {
            guard let descriptor else { throw FileWriteError(path: path, errno: EBADF) }
            if let failure = bytes.withUnsafeBytes({ FileDescriptor.writeAll($0, to: descriptor) }) {
                discard()
                throw FileWriteError(path: path, errno: failure)
            }
        }

        /// Puts the file in the target's place.
        package func commit() throws(FileWriteError) {
            guard let descriptor else { throw FileWriteError(path: path, errno: EBADF) }
            self.descriptor = nil
            close(descriptor)
            defer { registry.remove(temporary) }
            guard rename(temporary, path) == 0 else {
                let failure = FileWriteError(path: path, errno: errno)
                unlink(temporary)
                throw failure
            }
        }

        /// Removes the temporary file; the target stays as it was.
        package func discard() {
            guard let descriptor else { return }
            self.descriptor = nil
            close(descriptor)
            unlink(temporary)
            registry.remove(temporary)
        }
    }

    /// The sibling a write of `name` goes through first: `.name.<13 random letters or digits>.tmp`,
    /// always the same length, so that a check before any work can tell whether it fits in a folder.
    package static func temporaryName(for name: String) -> String {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let padding = String(repeating: "0", count: max(0, suffixLength - random.utf8.count))
        return "." + name + "." + padding + random + ".tmp"
    }

    /// The digits of the largest UInt64 in base 36.
    private static let suffixLength = String(UInt64.max, radix: 36).utf8.count

    /// The file a chain of symbolic links ends at, which may not exist yet: writing there keeps
    /// every link of the chain a link. Each relative link is read from its own folder.
    package static func finalTarget(of path: String) throws(FileWriteError) -> String {
        var current = path
        for _ in 0..<maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw FileWriteError(path: current, reason: Words("its symbolic link cannot be read", "심볼릭 링크를 읽을 수 없습니다"))
            }
            let folder = parts(of: current).folder
            let isAbsolute = destination.hasPrefix("/")
            current = isAbsolute || folder.isEmpty ? destination : (folder == "/" ? "" : folder) + "/" + destination
        }
        throw FileWriteError(path: path, errno: ELOOP)
    }

    /// As many links as Linux follows in one path.
    private static let maximumLinks = 40
}

/// A file that could not be written, with the system's reason.
package struct FileWriteError: ReportableError, Equatable, CustomStringConvertible {
    /// The file that was to be written.
    package let path: String
    /// Why not, in the system's words ("Permission denied") or ours, in both languages.
    package let reason: Words

    /// An error for `path` from an `errno` value.
    package init(path: String, errno code: Int32) {
        self.path = path
        reason = Words.system(code)
    }

    /// An error for `path` with a reason of our own.
    package init(path: String, reason: Words) {
        self.path = path
        self.reason = reason
    }

    /// Why nothing can be created in `folder`, naming it: the system's "No such file or
    /// directory" alone does not say that the missing thing is the folder.
    package static func folderReason(_ folder: String, errno code: Int32) -> Words {
        let shown = TerminalText.sanitize(folder)
        switch code {
        case ENOENT: return Words("its folder \(shown) does not exist", "\(shown) 폴더가 없습니다")
        case ENOTDIR: return Words("part of \(shown) is not a folder", "\(shown)의 일부가 폴더가 아닙니다")
        default:
            let system = Words.system(code)
            return Words(
                "nothing can be created in its folder \(shown) (\(system.english))", "\(shown) 폴더에 아무것도 만들 수 없습니다(\(system.korean))")
        }
    }

    /// One line.
    package var description: String {
        bilingual("Cannot write \(TerminalText.sanitize(path)): \(reason).", "\(TerminalText.sanitize(path))에 쓸 수 없습니다: \(reason).")
    }

    /// The line, as `description`.
    package var message: String { description }
}
