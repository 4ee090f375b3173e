import BoxOfficeApp
import Dispatch
import Synchronization

/// `boxoffice mcp`'s standard output, written on a thread of its own so that the server's actor
/// never waits for a write: while a client reads a 14 MB answer, requests are still read and
/// cancels still handled. Replies and notifications go before the tool calls' answers still
/// waiting, so a ping waits at most for the one line being written. What was written is counted
/// for the line a signal would end the server with (`Signals`).
final class MCPOutput: Sendable {
    /// A line of protocol other than a tool call's answer, ending in a newline.
    enum Line: Sendable {
        /// The answer to a request other than a tool call, or to a line that could not be read.
        case reply(String)
        case notification(String)
    }

    /// A tool call's answer and who waits for it to be written.
    private struct CallAnswer {
        let text: String
        let written: CheckedContinuation<Void, Never>
    }

    private struct Pending {
        /// Replies and notifications, first come first.
        var first: [Line] = []
        var callAnswers: [CallAnswer] = []
        var isWriting = false
        var readerGone = false
        /// Who waits for every line to be written.
        var flushes: [CheckedContinuation<Void, Never>] = []
    }

    private let pending = Mutex(Pending())
    private let writer = DispatchQueue(label: "boxoffice.mcp.stdout")
    /// Writes one line to stdout; false once the reader has gone.
    private let send: @Sendable (String) -> Bool

    init(send: @escaping @Sendable (String) -> Bool) {
        self.send = send
    }

    /// Whether the reader has gone, after which nothing more is written.
    var readerGone: Bool { pending.withLock { $0.readerGone } }

    /// Queues a line and returns at once.
    func write(_ line: Line) {
        enqueue { $0.first.append(line) }
    }

    /// Queues a tool call's answer and returns once it is written (or the reader has gone): a
    /// call holds its lane until then, so that however slowly the client reads, no more answers
    /// than lanes are held in memory.
    func write(callAnswer text: String) async {
        await withCheckedContinuation { continuation in
            enqueue({ $0.callAnswers.append(CallAnswer(text: text, written: continuation)) }, otherwise: { continuation.resume() })
        }
    }

    /// Adds to what is to be written, or does `otherwise` once the reader has gone.
    private func enqueue(_ add: (inout Pending) -> Void, otherwise: () -> Void = {}) {
        let starts = pending.withLock { pending -> Bool? in
            guard !pending.readerGone else { return nil }
            add(&pending)
            guard !pending.isWriting else { return false }
            pending.isWriting = true
            return true
        }
        guard let starts else { return otherwise() }
        guard starts else { return }
        // From the first line on, a signal must say what was written.
        Signals.arm()
        writer.async { self.writeQueued() }
    }

    /// Returns once every line queued so far is written, or the reader has gone.
    func flush() async {
        await withCheckedContinuation { continuation in
            let written = pending.withLock { pending in
                guard pending.isWriting else { return true }
                pending.flushes.append(continuation)
                return false
            }
            if written { continuation.resume() }
        }
    }

    /// Writes lines until none is left.
    private func writeQueued() {
        while let next = next() {
            switch next {
            case .line(let line):
                switch line {
                case .reply(let text):
                    guard writeLine(text) else { continue }
                    Signals.requestsAnswered.add(1, ordering: .releasing)
                case .notification(let text):
                    writeLine(text)
                }
            case .callAnswer(let answer):
                if writeLine(answer.text) {
                    Signals.requestsAnswered.add(1, ordering: .releasing)
                    Signals.callsUnanswered.subtract(1, ordering: .releasing)
                }
                answer.written.resume()
            }
        }
    }

    /// Writes a line; whether it was written whole (else the reader has gone).
    @discardableResult
    private func writeLine(_ text: String) -> Bool {
        if send(text) { return true }
        pending.withLock { $0.readerGone = true }
        return false
    }

    private enum Next {
        case line(Line)
        case callAnswer(CallAnswer)
    }

    /// The next line to write, or nil when there is none (or the reader has gone), which ends
    /// the writing and the waits for it.
    private func next() -> Next? {
        let (next, left, flushes) = pending.withLock { pending -> (Next?, [CallAnswer], [CheckedContinuation<Void, Never>]) in
            if !pending.readerGone {
                if !pending.first.isEmpty { return (.line(pending.first.removeFirst()), [], []) }
                if !pending.callAnswers.isEmpty { return (.callAnswer(pending.callAnswers.removeFirst()), [], []) }
            }
            defer {
                pending.first = []
                pending.callAnswers = []
                pending.isWriting = false
                pending.flushes = []
            }
            return (nil, pending.callAnswers, pending.flushes)
        }
        for answer in left { answer.written.resume() }
        for flush in flushes { flush.resume() }
        return next
    }
}
