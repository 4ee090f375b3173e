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

/// Where the cache and the config file live, after the XDG conventions.
package struct Paths: Sendable {
    let cacheRoot: URL
    let configFile: URL
    /// The box office archive, unless `--archive` names another.
    let archiveFile: URL

    // Every URL here says whether it is a folder: left to find out, Foundation asks the file
    // system, a system call for each path of every run.
    package init(_ context: ProcessContext) {
        func folder(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
        let home = context.variable("HOME").map(folder) ?? FileManager.default.homeDirectoryForCurrentUser
        func absolute(_ name: String) -> URL? {
            context.variable(name).flatMap { $0.hasPrefix("/") ? folder($0) : nil }
        }
        cacheRoot =
            context.variable("BOXOFFICE_CACHE_DIR").map(folder)
            ?? absolute("XDG_CACHE_HOME")?.appendingPathComponent("boxoffice", isDirectory: true)
            ?? home.appendingPathComponent(".cache/boxoffice", isDirectory: true)
        let configDirectory =
            context.variable("BOXOFFICE_CONFIG_DIR").map(folder)
            ?? absolute("XDG_CONFIG_HOME")?.appendingPathComponent("boxoffice", isDirectory: true)
            ?? home.appendingPathComponent(".config/boxoffice", isDirectory: true)
        configFile = configDirectory.appendingPathComponent("config", isDirectory: false)
        archiveFile =
            context.variable("BOXOFFICE_ARCHIVE").map { URL(fileURLWithPath: $0, isDirectory: false) }
            ?? (absolute("XDG_DATA_HOME") ?? home.appendingPathComponent(".local/share", isDirectory: true))
            .appendingPathComponent("boxoffice/archive.sqlite3", isDirectory: false)
    }

    /// Cached responses; `cache clear` removes this folder only.
    var responses: URL { cacheRoot.appendingPathComponent("responses", isDirectory: true) }
    /// The per-day call counter, beside the responses so clearing the cache keeps it.
    package var quotaFile: URL { cacheRoot.appendingPathComponent("quota.json", isDirectory: false) }

    /// Whether a folder is at `path`, following symbolic links as `test -d` does.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
