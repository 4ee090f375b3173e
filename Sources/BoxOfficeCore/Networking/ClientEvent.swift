/// What the client did (a cache hit, a call counted, a retry, a redirect), handed to the `onEvent`
/// handler given to `BoxOfficeClient`; the library itself writes nowhere.
public enum ClientEvent: Sendable {
    /// A request is about to be counted and go to the loader (the network, unless replaying):
    /// what follows may write the ledger and the cache, and may take a while.
    case requestSent(APIService)
    /// The ledger counted a call: the day's count so far, and whether the file was unreadable
    /// and had to be started afresh.
    case callCounted(APIService, today: Int, ledgerWasUnreadable: Bool)
    /// Another process has held the ledger's lock for a while (`QuotaLedger.quietWait`), and the
    /// call waits for it, at most as long as an attempt may take. Said once a call.
    case waitingForLedger(lockedBy: QuotaLedger.LockHolder?)
    /// The ledger could not be written; the call went ahead uncounted.
    case ledgerFailed(reason: String)
    /// An answer came from the cache.
    case cacheHit(String)
    /// A transient failure will be retried after `delay` seconds.
    case retrying(APIService, attempt: Int, reason: String, delay: Double)
    /// A cache entry could not be used and will be fetched again.
    case cacheEntryUnusable(String, reason: String)
    /// An answer could not be written to the cache.
    case cacheWriteFailed(String, reason: String)
}
