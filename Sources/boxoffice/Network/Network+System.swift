import BoxOfficeApp
import BoxOfficeCore
// The same condition as the dependency in Package.swift.
#if !os(Linux) || URLSESSION_EVERYWHERE
import BoxOfficeURLSession
#endif

extension Network {
    /// libcurl's multi interface on Linux (`CurlTransport`), URLSession elsewhere (and on Linux in
    /// a build made with `BOXOFFICE_TRANSPORT=urlsession`, for the tests).
    static func system(_ context: ProcessContext) -> Network {
        #if os(Linux) && !URLSESSION_EVERYWHERE
        let libraryPath = context.variable("BOXOFFICE_LIBCURL")
        let trust = CurlTransport.TrustedCertificates(variable: context.variable)
        return Network(
            transport: { policy, timeout in CurlTransport(policy: policy, timeout: timeout, libraryPath: libraryPath, trust: trust) },
            prepare: { CurlTransport.prepare(libraryPath: libraryPath) })
        #else
        return Network { policy, timeout in URLSessionTransport(policy: policy, timeout: timeout) }
        #endif
    }
}
