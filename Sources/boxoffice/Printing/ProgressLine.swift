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

/// How far a range has come: `12/31 days` on stderr while it loads when stderr is a terminal,
/// or, under `boxoffice mcp`, a `notifications/progress` to the client that asked for them.
actor ProgressLine {
    /// Where each step goes.
    enum Output: Sendable {
        /// A line rewritten in place on this descriptor, stderr at a terminal.
        case terminal(Int32)
        case notify(@Sendable (_ done: Int, _ total: Int) async -> Void)
    }

    private var total: Int
    private let unit: String
    private let output: Output
    private var done = 0

    init(total: Int, unit: String, output: Output) {
        if case .terminal = output { Signals.arm() }
        self.total = total
        self.unit = unit
        self.output = output
    }

    func advance() async {
        done += 1
        switch output {
        case .terminal(let descriptor): Terminal.write("\r\(done)/\(total) \(unit)", to: descriptor)
        case .notify(let send): await send(done, total)
        }
    }

    /// One more done, of a total known only once the work has started.
    func advance(of total: Int) async {
        self.total = total
        await advance()
    }

    func finish() {
        if case .terminal(let descriptor) = output { Terminal.write("\r\u{1B}[K", to: descriptor) }
    }
}
