import BoxOfficeCore
import Synchronization

/// Remembers which services this run has already warned about, so a range warns once, not per day.
final class QuotaWarnings: Sendable {
    private let warned = Mutex<Set<APIService>>([])

    func firstTime(for service: APIService) -> Bool {
        warned.withLock { $0.insert(service).inserted }
    }
}
