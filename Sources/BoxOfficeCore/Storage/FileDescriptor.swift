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

/// Raw writes to an open file descriptor: the one loop behind atomic files and standard output.
package enum FileDescriptor {
    /// A file's type (`S_IFMT` of its mode) in words: "a FIFO", "a folder".
    package static func kind(_ type: mode_t) -> Words {
        switch type {
        case S_IFREG: Words("a regular file", "일반 파일")
        case S_IFLNK: Words("a symbolic link", "심볼릭 링크")
        case S_IFDIR: Words("a folder", "폴더")
        case S_IFIFO: Words("a FIFO", "FIFO")
        case S_IFCHR, S_IFBLK: Words("a device", "장치")
        case S_IFSOCK: Words("a socket", "소켓")
        default: Words("something else", "다른 무엇")
        }
    }

    /// Writes all of `data`, going on after a partial write or an interruption; nil once all is
    /// written, else the `errno` that stopped it.
    package static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `buffer`, as `writeAll(_:to:)` writes data.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var next = buffer.baseAddress else { return nil }
        var left = buffer.count
        while left > 0 {
            let written = systemWrite(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            next += written
            left -= written
        }
        return nil
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
