import Foundation

/// Where the cache and the config file live, after the XDG conventions.
struct Paths: Sendable {
    let cacheRoot: URL
    let configFile: URL

    init(_ context: ProcessContext) {
        let home = context.variable("HOME").map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func absolute(_ name: String) -> URL? {
            context.variable(name).flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
        }
        cacheRoot = context.variable("BOXOFFICE_CACHE_DIR").map { URL(fileURLWithPath: $0) }
            ?? absolute("XDG_CACHE_HOME")?.appendingPathComponent("boxoffice")
            ?? home.appendingPathComponent(".cache/boxoffice")
        let configDirectory = context.variable("BOXOFFICE_CONFIG_DIR").map { URL(fileURLWithPath: $0) }
            ?? absolute("XDG_CONFIG_HOME")?.appendingPathComponent("boxoffice")
            ?? home.appendingPathComponent(".config/boxoffice")
        configFile = configDirectory.appendingPathComponent("config")
    }

    /// Cached responses; `cache clear` removes this folder only.
    var responses: URL { cacheRoot.appendingPathComponent("responses") }
    /// The per-day call counter, beside the responses so clearing the cache keeps it.
    var quotaFile: URL { cacheRoot.appendingPathComponent("quota.json") }
}
