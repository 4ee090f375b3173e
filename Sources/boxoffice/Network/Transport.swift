import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
// The same condition as the dependency in Package.swift.
#if !os(Linux) || URLSESSION_EVERYWHERE
import BoxOfficeURLSession
#endif

/// libcurl could not be loaded, so no request can be made (exit 69), and the call is given back.
struct LibcurlUnavailable: ReportableError, UnsentRequestError {
    let reason: String

    var message: String {
        "No network requests are possible: \(reason). Install libcurl 4 (Debian and Ubuntu: libcurl4), or set BOXOFFICE_LIBCURL to the library's path."
    }
}

extension CommandState {
    /// The transport every request of the run goes through: libcurl's easy interface on Linux
    /// (`CurlTransport`), URLSession elsewhere (and on Linux in a build made with
    /// `BOXOFFICE_TRANSPORT=urlsession`, for the tests).
    func transport(_ policy: TransferPolicy, timeout: Double) -> any HTTPDataLoading {
        #if os(Linux) && !URLSESSION_EVERYWHERE
        CurlTransport(
            policy: policy, timeout: timeout, libraryPath: context.variable("BOXOFFICE_LIBCURL"),
            trust: CurlTransport.TrustedCertificates(variable: context.variable))
        #else
        URLSessionTransport(policy: policy, timeout: timeout)
        #endif
    }
}
