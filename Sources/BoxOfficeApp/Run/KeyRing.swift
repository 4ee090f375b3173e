import BoxOfficeCore
import Synchronization

/// The run's API keys, read once (the environment, then the config file) when first needed, and
/// the one redactor made from them. Everything the run lets out is scrubbed with it: the
/// client's answers, recordings, stdout, error lines and, under `boxoffice mcp`, every tool's
/// answer for as long as the server runs. One read means the keys sent are the keys scrubbed: a
/// key stored while a server runs is neither used nor looked for until it starts again.
package final class KeyRing: Sendable {
    private let store: KeyStore
    private let read = Mutex<Read?>(nil)

    /// What the one read found.
    private struct Read {
        let keys: Result<[APIService: KeyStore.Key], ConfigurationError>
        let redactor: SecretRedactor
        /// What the read would warn of (a config file others can read), until a use of the keys says it.
        var warnings: [String]
    }

    package init(_ store: KeyStore) {
        self.store = store
    }

    /// Every service's key and where it came from; the first use warns of a config file others
    /// can read. A run that only scrubs (help, a usage error) says nothing of it.
    func keys() throws(ConfigurationError) -> [APIService: KeyStore.Key] {
        let (keys, warnings) = read.withLock { read in
            let found = Self.reading(store, into: &read)
            defer { read?.warnings = [] }
            return (found.keys, found.warnings)
        }
        for warning in warnings { store.context.warn(warning) }
        return try keys.get()
    }

    /// Scrubs every key that could be read; none when none could.
    package var redactor: SecretRedactor {
        read.withLock { Self.reading(store, into: &$0).redactor }
    }

    /// The one read, made by whoever comes first.
    private static func reading(_ store: KeyStore, into read: inout Read?) -> Read {
        if let read { return read }
        var warnings: [String] = []
        let keys = Result { () throws(ConfigurationError) in try store.keys { warnings.append($0) } }
        let found = (try? keys.get()) ?? [:]
        let made = Read(keys: keys, redactor: SecretRedactor(secrets: APIService.allCases.map { found[$0]?.value }), warnings: warnings)
        read = made
        return made
    }
}
