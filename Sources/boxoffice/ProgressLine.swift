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

/// `12/31 days` on stderr while a range loads, only when stderr is a terminal.
actor ProgressLine {
    private var total: Int
    private let unit: String
    private var done = 0

    init(total: Int, unit: String) {
        Signals.arm()
        self.total = total
        self.unit = unit
    }

    func advance() {
        done += 1
        Terminal.write("\r\(done)/\(total) \(unit)", to: STDERR_FILENO)
    }

    /// One more done, of a total known only once the work has started.
    func advance(of total: Int) {
        self.total = total
        advance()
    }

    func finish() {
        Terminal.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
