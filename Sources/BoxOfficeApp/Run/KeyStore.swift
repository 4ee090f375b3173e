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

/// API keys from the environment or the config file, environment first.
package struct KeyStore {
    package init(context: ProcessContext, paths: Paths) {
        self.context = context
        self.paths = paths
    }

    let context: ProcessContext
    let paths: Paths

    /// A key and where it came from.
    package struct Key: Sendable {
        let value: String?
        let source: Source

        /// Where a key was found.
        package enum Source: Sendable {
            case environment(variable: String)
            case file(path: String)
            case unset
        }

        /// For people: `environment (KOBIS_API_KEY)`, `config file (/…/config)`, `not set`.
        var origin: String {
            switch source {
            case .environment(let variable): bilingual("environment (\(variable))", "환경 변수(\(variable))")
            case .file(let path): bilingual("config file (\(path))", "설정 파일(\(path))")
            case .unset: KeyStore.notSet
            }
        }
    }

    /// Where a key that is not set comes from.
    static var notSet: String { bilingual("not set", "설정되지 않음") }

    /// KOBIS keys and Kakao REST API keys are both 32 hexadecimal characters.
    static let keyLength = 32

    /// Whether `key` has the shape of the service's keys; one that does not is stored with a warning.
    static func looksLikeKey(_ key: String, of service: APIService) -> Bool {
        key.utf8.count == keyLength
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
            }
    }

    static let fileKeys: [APIService: String] = [.kobis: "kobis_api_key", .kakao: "kakao_rest_api_key"]
    /// Group and others may not read a file that holds secrets.
    static let privateMode: Int = 0o600
    static let privateDirectoryMode: Int = 0o700
    private static let groupAndOtherBits = 0o077

    /// Every service's key; the file is read only when the environment lacks one.
    /// `warn` is told of a file others can read. A run reads them once, through its `KeyRing`.
    func keys(warn: (String) -> Void) throws(ConfigurationError) -> [APIService: Key] {
        var keys: [APIService: Key] = [:]
        var missing: [APIService] = []
        for service in APIService.allCases {
            if let raw = context.variable(service.keyVariable) {
                // `$(cat key.txt)` of a CRLF file keeps the CR: surrounding whitespace goes, and a
                // key that still holds some is refused, for it could not be found to be scrubbed.
                let value = raw.trimmed
                guard !value.isEmpty, !Self.hasWhitespaceOrControls(value) else {
                    throw ConfigurationError(
                        description: bilingual(
                            "\(service.keyVariable) contains whitespace or control characters, which no API key has; set it to the key alone.",
                            "\(service.keyVariable)에 공백이나 제어 문자가 있습니다. API 키에는 없는 문자입니다. 키만 넣으세요."))
                }
                keys[service] = Key(value: value, source: .environment(variable: service.keyVariable))
            } else {
                missing.append(service)
            }
        }
        guard !missing.isEmpty else { return keys }
        let file = try readFile(warn: warn)?.values ?? [:]
        for service in missing {
            if let name = Self.fileKeys[service], let value = file[name] {
                keys[service] = Key(value: value, source: .file(path: paths.configFile.path))
            } else {
                keys[service] = Key(value: nil, source: .unset)
            }
        }
        return keys
    }

    /// The parsed config file, nil when there is none.
    private func readFile(warn: (String) -> Void = { _ in }) throws(ConfigurationError) -> ConfigFile? {
        let path = paths.configFile.path
        var status = stat()
        // stat, not lstat: a symlinked config file is judged by the file it points to.
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw ConfigurationError(
                description: bilingual(
                    "Cannot read the config file \(path): \(String(cString: strerror(errno))).",
                    "설정 파일 \(path, particle: .object) 읽을 수 없습니다: \(String(cString: strerror(errno)))."))
        }
        guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(
                description: bilingual(
                    "Cannot read the config file \(path); it is not a readable regular file.",
                    "설정 파일 \(path, particle: .object) 읽을 수 없습니다. 읽을 수 있는 일반 파일이 아닙니다."))
        }
        if Int(status.st_mode) & Self.groupAndOtherBits != 0 {
            warn("\(path) can be read by others; run chmod 600 \(path).")
        }
        return try Self.parse(data, path: path)
    }

    private static func parse(_ data: Data, path: String) throws(ConfigurationError) -> ConfigFile {
        do {
            return try ConfigFile(data, names: Set(fileKeys.values))
        } catch {
            let place = error.line.map { " line \($0)" } ?? ""
            throw ConfigurationError(
                description: bilingual(
                    "The config file \(path)\(place) cannot be used: \(error.problem).",
                    "설정 파일 \(path + (error.line.map { "(\($0)번째 줄)" } ?? ""), particle: .object) 쓸 수 없습니다: \(error.problem)."))
        }
    }

    /// What no key holds: the same rule as the config file's values.
    static func hasWhitespaceOrControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// `abcd…wxyz`: enough to recognise a key, not enough to use it.
    static func mask(_ key: String) -> String {
        let visible = 4
        guard key.count > visible * 2 else { return String(repeating: "•", count: key.count) }
        return "\(key.prefix(visible))…\(key.suffix(visible))"
    }

    /// Stores a key: the file's one line for it is rewritten and every other byte kept, under an
    /// exclusive lock so that two runs at once both land, in a 0600 file inside a 0700 folder.
    /// A file it cannot parse is refused, never rewritten.
    func store(_ key: String, for service: APIService) throws {
        guard let name = Self.fileKeys[service] else { return }
        try update { $0.setting(name, to: key) }
    }

    /// Removes the service's key from the file, under the same lock; false when it held none.
    func remove(for service: APIService) throws -> Bool {
        // Nothing to take out touches nothing: not the file, not its folder's mode.
        guard let name = Self.fileKeys[service], try readFile()?.values[name] != nil else { return false }
        var removed = false
        try update { file in
            removed = file.values[name] != nil
            return file.removing(name)
        }
        return removed
    }

    /// Rewrites the file with what `change` makes of it, under an exclusive lock on its folder.
    /// A file it cannot parse is refused before anything is touched, the folder's mode included.
    private func update(_ change: (ConfigFile) -> Data) throws {
        _ = try readFile()
        Signals.arm()
        let directory = paths.configFile.deletingLastPathComponent().path
        try makePrivateFolder(directory)
        let lockDescriptor = open(directory + "/" + Self.lockName, O_CREAT | O_RDWR | O_CLOEXEC, mode_t(Self.privateMode))
        guard lockDescriptor >= 0 else {
            throw ConfigurationError(
                description: bilingual(
                    "Cannot lock the config folder \(directory): \(String(cString: strerror(errno))).",
                    "설정 폴더 \(directory, particle: .object) 잠글 수 없습니다: \(String(cString: strerror(errno)))."))
        }
        defer { close(lockDescriptor) }
        while flock(lockDescriptor, LOCK_EX) != 0 && errno == EINTR {}
        // Writing through a symlink, however many links lead to the file, keeps a dotfiles
        // set-up intact: only the real file at the end of the chain is replaced.
        let target: String
        do {
            target = try AtomicFile.finalTarget(of: paths.configFile.path)
        } catch {
            throw ConfigurationError(
                description: bilingual(
                    "Cannot write the config file \(error.path): \(error.reason).", "설정 파일 \(error.path)에 쓸 수 없습니다: \(error.reason)."))
        }
        let current = try readFile() ?? ConfigFile()
        do {
            try AtomicFile.write(change(current), toPath: target, permissions: .exactly(mode_t(Self.privateMode)))
        } catch {
            throw ConfigurationError(
                description: bilingual(
                    "Cannot write the config file \(target): \(error.reason).", "설정 파일 \(target)에 쓸 수 없습니다: \(error.reason)."))
        }
    }

    /// Creates the folder 0700, or takes group and other access away from an existing one.
    private func makePrivateFolder(_ directory: String) throws {
        var status = stat()
        if stat(directory, &status) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.privateDirectoryMode])
            } catch {
                throw ConfigurationError(
                    description: bilingual(
                        "Cannot create the config folder \(directory).", "설정 폴더 \(directory, particle: .object) 만들 수 없습니다."))
            }
            return
        }
        let mode = Int(status.st_mode) & 0o777
        guard mode & Self.groupAndOtherBits != 0 else { return }
        // A shared folder (sticky or setgid, like /tmp or a team's), the home folder or one owned
        // by someone else is left as it is: the key file itself is 0600 from its first byte.
        let isShared = Int(status.st_mode) & Int(S_ISVTX | S_ISGID) != 0
        let home = context.variable("HOME").map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        guard status.st_uid == geteuid(), !isShared, URL(fileURLWithPath: directory).standardizedFileURL.path != home,
            chmod(directory, mode_t(Self.privateDirectoryMode)) == 0
        else {
            context.warn(
                bilingual(
                    "the config folder \(directory) can be opened by others (mode \(String(mode, radix: 8))); the key file itself is 0600.",
                    "다른 사용자가 설정 폴더 \(directory, particle: .object) 열 수 있습니다(모드 \(String(mode, radix: 8))). 키 파일 자체는 0600입니다."))
            return
        }
        context.log(
            bilingual(
                "Made the config folder \(directory) private (mode \(String(mode, radix: 8)) → 700).",
                "설정 폴더 \(directory, particle: .object) 나만 쓰도록 바꿨습니다(모드 \(String(mode, radix: 8)) → 700)."))
    }

    private static let lockName = ".config.lock"
}
