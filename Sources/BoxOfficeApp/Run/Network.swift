import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// libcurl could not be loaded, so no request can be made (exit 69), and the call is given back.
package struct LibcurlUnavailable: ReportableError, UnsentRequestError {
    package init(reason: String) {
        self.reason = reason
    }

    let reason: String

    package var message: String {
        bilingual(
            "No network requests are possible: \(reason). Install libcurl 4 (Debian and Ubuntu: libcurl4), or set BOXOFFICE_LIBCURL to the library's path.",
            "네트워크 요청을 할 수 없습니다: \(reason). libcurl 4를 설치하거나(Debian·Ubuntu: libcurl4) BOXOFFICE_LIBCURL에 라이브러리 경로를 넣으세요.")
    }
}

/// How a run reaches the network: the transport every request of the run goes through, made per
/// use for its policy and timeout. The program takes the platform's (`system`); a test passes a
/// stub loader in its place and runs the command in process.
package struct Network: Sendable {
    package init(
        transport: @escaping @Sendable (_ policy: TransferPolicy, _ timeout: Double) -> any HTTPDataLoading,
        prepare: @escaping @Sendable () -> Void = {}
    ) {
        self.transport = transport
        self.prepare = prepare
    }

    let transport: @Sendable (_ policy: TransferPolicy, _ timeout: Double) -> any HTTPDataLoading
    /// Called, perhaps more than once, as soon as the run knows it will send: a transport with
    /// slow set-up (loading libcurl) starts it here, beside the run's other work, and returns at once.
    package let prepare: @Sendable () -> Void
}

package extension CommandState {
    /// The run's transport for one policy: the API's answers, or images.
    func transport(_ policy: TransferPolicy, timeout: Double) -> any HTTPDataLoading {
        network.transport(policy, timeout)
    }
}
