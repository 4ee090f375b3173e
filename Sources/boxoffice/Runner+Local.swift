import BoxOfficeCore
import Foundation

extension Runner {
    func cacheStatistics(_ format: OutputFormat) -> String {
        let statistics = ResponseCache(directory: paths.responses).statistics(now: context.now)
        return DocumentWriter.write(CacheStatisticsOutput(path: paths.responses.path, statistics: statistics), format: format)
    }

    func clearCache() throws -> String {
        do {
            let count = try ResponseCache(directory: paths.responses).clear()
            context.log("Removed \(count) cached answer\(count == 1 ? "" : "s") from \(paths.responses.path).")
            return ""
        } catch {
            throw ConfigurationError(description: "Cannot clear the cache at \(paths.responses.path).", isInternal: true)
        }
    }

    func quota(_ format: OutputFormat) -> String {
        let today = context.today
        let ledger = QuotaLedger(file: paths.quotaFile)
        if ledger.reading(on: today) == .unreadable {
            context.log("warning: the quota ledger \(paths.quotaFile.path) is unreadable; today's count is shown as zero.")
        }
        return DocumentWriter.write(QuotaOutput(day: today, counts: ledger.counts(on: today)), format: format)
    }

    func setKey(for service: APIService) throws -> String {
        if context.stdinIsTerminal {
            context.log("Paste the \(service.displayName) key, then press Enter and Ctrl-D:")
        }
        let example = "for example: printf %s \"$KEY\" | boxoffice config set \(service.rawValue)"
        let input = context.readStandardInput(Self.longestKeyInput + 1)
        guard input.count <= Self.longestKeyInput else {
            throw UsageError("The standard input is longer than 4 KiB; give the key alone, \(example)", commandPath: ["config", "set"])
        }
        let key = String(decoding: input, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            throw UsageError("Give the key on standard input, \(example)", commandPath: ["config", "set"])
        }
        guard !KeyStore.hasWhitespaceOrControls(key) else {
            throw UsageError("The key contains spaces or control characters, which no API key has; give the key alone, \(example)",
                             commandPath: ["config", "set"])
        }
        let store = KeyStore(context: context, paths: paths)
        try store.store(key, for: service)
        context.log("Stored the \(service.displayName) key (\(KeyStore.mask(key))) in \(paths.configFile.path).")
        return ""
    }

    /// A key is a few dozen characters; anything past this is not a key.
    static let longestKeyInput = 4096

    func showConfiguration(_ format: OutputFormat) throws -> String {
        let keys = try KeyStore(context: context, paths: paths).keys()
        return DocumentWriter.write(ConfigOutput(configFile: paths.configFile.path, keys: keys), format: format)
    }
}
