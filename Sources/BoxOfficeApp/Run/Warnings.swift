import BoxOfficeCore
import Synchronization

/// Remembers which warnings this run has given, so a range warns once, not once per day.
package final class Warnings: Sendable {
    private let given = Mutex<Set<String>>([])

    /// True the first time a warning is asked for, false after.
    func firstTime(_ warning: String) -> Bool {
        given.withLock { $0.insert(warning).inserted }
    }
}
