import BoxOfficeApp
import Allocator
import BoxOfficeCore
import CoreDumps
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

// First of all, since the environment holds the keys from the start: a crash writes no core file.
_ = core_dumps_forbid()
// The edge of the program: arguments and environment in; stdout, stderr and an exit code out.
// A closed pipe (`| head`) is reported by the write that meets it instead of killing the process.
signal(SIGPIPE, SIG_IGN)
// A file that may not grow past a limit (`ulimit -f`) fails the write that meets it (EFBIG), which
// says so in one line, rather than killing the process.
signal(SIGXFSZ, SIG_IGN)
// A range of long charts allocates and frees answers of megabytes a few at a time: each gets a
// mapping of its own, given back when freed. glibc would otherwise keep the blocks freed after the
// first in its heaps, and a range's peak memory would grow with the way its answers happened to
// overlap (75 to 110 MiB for the same run of 7 MiB answers, 67 MiB with this).
_ = allocator_map_large_blocks(256 << 10)
let context = ProcessContext.current()
let arguments = Array(CommandLine.arguments.dropFirst())
let status = MainThreadExecutor.run { await BoxOffice.main(arguments, context: context) }
// Everything has been written with write(2) and the ledger flushed, so nothing waits in a buffer:
// `_exit` skips the clean-up handlers of libcurl and its TLS libraries, which only free memory the
// kernel frees anyway (about 1 ms of a run that made a request).
_exit(status.rawValue)
