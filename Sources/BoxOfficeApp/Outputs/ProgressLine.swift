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

/// How far a range has come: `[=======>            ] 12/31 days · 4.1 days/s · about 5 s left`
/// on stderr while it loads when stderr is a terminal,
/// or, under `boxoffice mcp`, a `notifications/progress` to the client that asked for them.
package actor ProgressLine {
    /// Where each step goes.
    package enum Output: Sendable {
        /// A line rewritten in place on this descriptor, stderr at a terminal.
        case terminal(Int32)
        case notify(@Sendable (_ done: Int, _ total: Int) async -> Void)
    }

    private var total: Int
    private let unit: String
    private let output: Output
    private var done = 0
    private let started = ContinuousClock.now

    init(total: Int, unit: String, output: Output) {
        if case .terminal = output { Signals.arm() }
        self.total = total
        self.unit = unit
        self.output = output
    }

    func advance() async {
        done += 1
        switch output {
        case .terminal(let descriptor):
            Terminal.write(
                "\r" + bar + bilingual("\(done)/\(total) \(unit)", "\(done)/\(total)\(koreanUnit)") + pace + "\u{1B}[K", to: descriptor)
        case .notify(let send): await send(done, total)
        }
    }

    /// `[=======>            ] `: the share done in 20 cells of ASCII, which every terminal and
    /// every East Asian width setting draws one cell each.
    private var bar: String {
        guard total > 1 else { return "" }
        let cells = 20
        let filled = min(cells, done * cells / total)
        let head = filled < cells && filled > 0 ? ">" : ""
        let body = String(repeating: "=", count: max(filled - head.count, 0)) + head
        return "[" + body + String(repeating: " ", count: cells - body.count) + "] "
    }

    /// The rate and the time left, once a second has passed: ` · 4.1 days/s · about 59 s left`.
    private var pace: String {
        let elapsed = ContinuousClock.now - started
        guard done > 0, done < total, elapsed >= .seconds(1) else { return "" }
        let seconds = elapsed.inSeconds
        let rate = NumberText.oneDecimal(Double(done) / seconds)
        let left = Int((Double(total - done) * seconds / Double(done)).rounded(.up))
        let hours = left / 3_600
        let minutes = left % 3_600 / 60
        let remaining =
            left >= 3_600
            ? bilingual("\(hours) h \(minutes) min", "\(hours)시간 \(minutes)분")
            : left >= 60 ? bilingual("\(minutes) min \(left % 60) s", "\(minutes)분 \(left % 60)초") : bilingual("\(left) s", "\(left)초")
        return bilingual(" · \(rate) \(unit)/s · about \(remaining) left", " · 초당 \(rate)\(koreanUnit) · 약 \(remaining) 남음")
    }

    /// The unit as Korean counts it: 일, 주, 페이지.
    private var koreanUnit: String {
        switch unit {
        case "days": "일"
        case "weeks": "주"
        case "pages": " 페이지"
        default: " " + unit
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
