import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a program writes to a pipe, read as it comes on a thread of its own, so that a test can
/// await a text (a prompt, a progress line) or the end of the output without blocking a thread of
/// the cooperative pool, and a program writing more than a pipe holds never waits for a reader.
final class PipeReader: Sendable {
    private struct State {
        var data = Data()
        var ended = false
        /// Texts a test awaits, each with the event that tells it arrived (or that the output ended).
        var awaited: [(text: String, arrival: Event<Void>)] = []
    }

    private let state = Mutex(State())
    private let end = Event<Data>()

    /// Starts reading the pipe. Its writing end must be the program's alone, as `Process.run`
    /// leaves it, or the output never ends.
    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            // read(2) itself: FileHandle's reads wait for a full buffer or the end, and a test
            // waiting for a prompt needs each piece as it comes.
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(handle.fileDescriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                append(Data(buffer[0..<count]))
            }
            try? handle.close()
            let (data, awaited) = state.withLock { state in
                state.ended = true
                defer { state.awaited = [] }
                return (state.data, state.awaited)
            }
            for (_, arrival) in awaited { arrival.happen(()) }
            end.happen(data)
        }.start()
    }

    /// What arrived so far.
    var text: String { String(decoding: state.withLock { $0.data }, as: UTF8.self) }

    /// Returns once `text` has arrived; throws, with what did arrive, if the output ended without
    /// it or the backstop passed.
    func waitFor(_ text: String, seconds: Double = Backstop.seconds) async throws {
        let arrival = Event<Void>()
        let waits = state.withLock { state in
            guard !state.ended, !String(decoding: state.data, as: UTF8.self).contains(text) else { return false }
            state.awaited.append((text, arrival))
            return true
        }
        if waits {
            try await arrival.value(waitingFor: "\(text.debugDescription) in the output, which was \(self.text.debugDescription)", seconds: seconds)
        }
        guard self.text.contains(text) else {
            throw ToolFailure(description: "the output ended without \(text.debugDescription): \(self.text.debugDescription)")
        }
    }

    /// The whole output, once the program has closed its end of the pipe.
    func wholeText(seconds: Double = Backstop.seconds) async throws -> String {
        let data = try await end.value(waitingFor: "the end of the output, which so far was \(text.debugDescription)", seconds: seconds)
        return String(decoding: data, as: UTF8.self)
    }

    private func append(_ chunk: Data) {
        let arrived = state.withLock { state in
            state.data.append(chunk)
            let text = String(decoding: state.data, as: UTF8.self)
            let arrived = state.awaited.filter { text.contains($0.text) }.map(\.arrival)
            state.awaited.removeAll { text.contains($0.text) }
            return arrived
        }
        for arrival in arrived { arrival.happen(()) }
    }
}
