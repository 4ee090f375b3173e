import BoxOfficeApp
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
import Dispatch

/// Standard input cut into lines on a thread of its own, so a blocking read never holds one of
/// the few threads the tool calls run on. A line is kept up to a limit; past it only the fact
/// that it was too long is kept, so memory stays bounded whatever arrives.
enum MCPLineReader {
    enum Line: Sendable {
        case text([UInt8])
        /// A line longer than the limit, dropped.
        case tooLong(bytes: Int)
    }

    /// The longest line read as a message: 1 MiB.
    static let longestLine = 1 << 20
    private static let chunkSize = 64 * 1024

    /// The lines of `descriptor` until it ends.
    static func lines(of descriptor: Int32, longest: Int = longestLine) -> AsyncStream<Line> {
        let (stream, continuation) = AsyncStream.makeStream(of: Line.self)
        DispatchQueue(label: "boxoffice.mcp.stdin").async {
            var line: [UInt8] = []
            var dropped = 0
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            func add(_ bytes: ArraySlice<UInt8>) {
                if dropped > 0 || line.count + bytes.count > longest {
                    dropped += line.count + bytes.count
                    line = []
                } else {
                    line += bytes
                }
            }
            func end() {
                if dropped > 0 {
                    continuation.yield(.tooLong(bytes: dropped))
                } else if !line.isEmpty {
                    continuation.yield(.text(line))
                }
                line = []
                dropped = 0
            }
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                var start = 0
                for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                    add(chunk[start..<index])
                    end()
                    start = index + 1
                }
                add(chunk[start..<count])
            }
            end()
            continuation.finish()
        }
        return stream
    }
}
