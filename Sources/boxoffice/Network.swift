import BoxOfficeCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import LazyCurl
#endif

/// The network as the executable wires it: `URLSessionTransport`, behind loading libcurl once a
/// request is sure to follow (see `Sources/LazyCurl`), so a run the cache answers never maps it.
struct LibcurlLoadingTransport: HTTPDataLoading {
    let base: URLSessionTransport
    /// `BOXOFFICE_LIBCURL`: the library to load instead of libcurl.so.4.
    let libraryPath: String?

    /// libcurl loads on a thread of its own while this one configures the session and checks the
    /// quota. No thread can start while the loader works (glibc's thread start-up waits for the
    /// loader's lock), so the signal handlers, whose dispatch threads start with them, go first.
    func prepare() {
        Terminal.armSignalHandlers()
        #if canImport(Glibc)
        if let libraryPath { libraryPath.withCString { lazy_curl_start_loading($0) } } else { lazy_curl_start_loading(nil) }
        #endif
        base.prepare()
    }

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        // A request may be followed by cache and ledger writes, and may take a while to answer.
        Terminal.armSignalHandlers()
        #if canImport(Glibc)
        let failure = libraryPath.map { path in path.withCString { lazy_curl_load($0) } } ?? lazy_curl_load(nil)
        if let failure { throw LibcurlUnavailable(reason: String(cString: failure)) }
        #endif
        return try await base.data(for: request)
    }
}

/// libcurl could not be loaded, so no request can be made (exit 69).
struct LibcurlUnavailable: ReportableError {
    let reason: String

    var message: String {
        "No network requests are possible: \(reason). Install libcurl 4 (Debian and Ubuntu: libcurl4), or set BOXOFFICE_LIBCURL to the library's path."
    }

    var exitCode: ExitCode { .unavailable }
}

extension Runner {
    /// The transport every request of the run goes through.
    func transport(_ policy: TransferPolicy, timeout: Double) -> LibcurlLoadingTransport {
        LibcurlLoadingTransport(base: URLSessionTransport(policy: policy, timeout: timeout), libraryPath: context.variable("BOXOFFICE_LIBCURL"))
    }
}
