import BoxOfficeCore
import Foundation

/// API keys from the environment or the config file, environment first.
struct KeyStore {
    let context: ProcessContext
    let paths: Paths

    /// A key and where it came from.
    struct Key: Sendable {
        let value: String?
        let origin: String
    }

    static let fileKeys: [APIService: String] = [.kobis: "kobis_api_key", .kakao: "kakao_rest_api_key"]
    /// Group and others may not read a file that holds secrets.
    static let privateMode: Int = 0o600
    static let privateDirectoryMode: Int = 0o700
    private static let groupAndOtherBits = 0o077

    /// Every service's key; the file is read only when the environment lacks one.
    func keys() throws -> [APIService: Key] {
        var keys: [APIService: Key] = [:]
        var missing: [APIService] = []
        for service in APIService.allCases {
            if let value = context.variable(service.keyVariable) {
                keys[service] = Key(value: value, origin: "environment (\(service.keyVariable))")
            } else {
                missing.append(service)
            }
        }
        guard !missing.isEmpty else { return keys }
        let file = try readFile()
        for service in missing {
            if let value = file[service] {
                keys[service] = Key(value: value, origin: "config file (\(paths.configFile.path))")
            } else {
                keys[service] = Key(value: nil, origin: "not set")
            }
        }
        return keys
    }

    /// The keys in the config file; a missing file holds none.
    func readFile() throws -> [APIService: String] {
        let path = paths.configFile.path
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType != .typeDirectory, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(description: "Cannot read the config file \(path).")
        }
        if let mode = attributes?[.posixPermissions] as? Int, mode & Self.groupAndOtherBits != 0 {
            context.log("warning: \(path) can be read by others; run chmod 600 \(path).")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(description: "The config file \(path) is not UTF-8 text.")
        }
        var keys: [APIService: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let service = Self.fileKeys.first(where: { $0.value == parts[0] })?.key else {
                throw ConfigurationError(description: "The config file \(path) line \(index + 1) is not 'kobis_api_key = …' or 'kakao_rest_api_key = …'.")
            }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if !value.isEmpty { keys[service] = value }
        }
        return keys
    }

    /// `abcd…wxyz`: enough to recognise a key, not enough to use it.
    static func mask(_ key: String) -> String {
        let visible = 4
        guard key.count > visible * 2 else { return String(repeating: "•", count: key.count) }
        return "\(key.prefix(visible))…\(key.suffix(visible))"
    }

    /// Stores a key: 0600 file in a 0700 folder, written atomically, other lines kept.
    func store(_ key: String, for service: APIService) throws {
        var keys = (try? readFile()) ?? [:]
        keys[service] = key
        let directory = paths.configFile.deletingLastPathComponent()
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.privateDirectoryMode])
            let text = APIService.allCases.compactMap { service in
                keys[service].flatMap { value in Self.fileKeys[service].map { "\($0) = \(value)\n" } }
            }.joined()
            let temporary = directory.appendingPathComponent(".config-\(UUID().uuidString)")
            guard manager.createFile(atPath: temporary.path, contents: Data(text.utf8), attributes: [.posixPermissions: Self.privateMode]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            if rename(temporary.path, paths.configFile.path) != 0 {
                try? manager.removeItem(at: temporary)
                throw CocoaError(.fileWriteNoPermission)
            }
        } catch {
            throw ConfigurationError(description: "Cannot write the config file \(paths.configFile.path).")
        }
    }
}
