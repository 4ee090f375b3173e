import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback address where a connection is surely refused: the port is bound, so no other test's
/// server can take it (as one could a stopped server's port, the suite running side by side), and
/// never listened on. Held until this value goes.
final class ClosedPort: Sendable {
    private let descriptor: Int32
    let baseURL: String

    init() throws {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        descriptor = socket
        baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    deinit {
        close(descriptor)
    }
}
