import Synchronization

/// Counts a run's calls in memory and adds them to the ledger once, when the run ends: the
/// ledger's lock, parse and atomic rewrite cost milliseconds that do not belong before every
/// request. The day's count is read once, on the first call, and the run's own calls are added
/// to it; adding under the ledger's lock keeps the total exact however many runs share it.
public final class QuotaCounter: Sendable {
    private let ledger: QuotaLedger
    private let state = Mutex(State())

    private struct State {
        var day: KSTDate?
        var baseline: [APIService: Int] = [:]
        var baselineWasUnreadable = false
        var pending: [APIService: Int] = [:]
    }

    /// Every counter of the process, so a signal that ends the run can still add its calls.
    private static let open = Mutex<[QuotaCounter]>([])

    /// Creates a counter over a ledger.
    public init(ledger: QuotaLedger) {
        self.ledger = ledger
        Self.open.withLock { $0.append(self) }
    }

    /// Calls made to a service today: the ledger's count when first asked, and this run's since.
    public func used(_ service: APIService, on day: KSTDate) -> Int {
        state.withLock { state in
            load(&state, day: day)
            return (state.baseline[service] ?? 0) + (state.pending[service] ?? 0)
        }
    }

    /// Counts one call; returns the day's count with it, and whether the ledger was unreadable.
    public func count(_ service: APIService, on day: KSTDate) -> (count: Int, ledgerWasUnreadable: Bool) {
        state.withLock { state in
            load(&state, day: day)
            state.pending[service, default: 0] += 1
            return ((state.baseline[service] ?? 0) + (state.pending[service] ?? 0), state.baselineWasUnreadable)
        }
    }

    /// Adds the calls not yet written to the ledger. A flush under way finishes before another
    /// starts, so the one a signal makes waits for the run's own instead of finding nothing to
    /// add while that one is cut short.
    public func flush() throws {
        try Self.flushing.withLock { _ in
            let (day, pending) = state.withLock { state in
                defer { state.pending = [:] }
                return (state.day, state.pending)
            }
            guard let day, pending.values.contains(where: { $0 > 0 }) else { return }
            try ledger.add(pending, on: day)
        }
    }

    private static let flushing = Mutex(())

    /// Adds every open counter's calls; for a run that is ending early.
    public static func flushAll() {
        for counter in open.withLock({ $0 }) { try? counter.flush() }
    }

    private func load(_ state: inout State, day: KSTDate) {
        guard state.day != day else { return }
        // A new Seoul day mid-run: what was counted belongs to the old one.
        if state.day != nil, state.pending.values.contains(where: { $0 > 0 }), let old = state.day {
            try? ledger.add(state.pending, on: old)
            state.pending = [:]
        }
        state.day = day
        switch ledger.reading(on: day) {
        case .counts(let counts):
            state.baseline = counts
            state.baselineWasUnreadable = false
        case .unreadable:
            state.baseline = [:]
            state.baselineWasUnreadable = true
        }
    }
}
