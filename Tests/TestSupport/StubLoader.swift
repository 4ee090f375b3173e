import BoxOfficeCore
import Foundation
import Synchronization

/// A loader that answers from a script and remembers every request.
package final class StubLoader: HTTPDataLoading {
    package struct Reply: Sendable {
        package var status = 200
        package var body: Data
        package var headers: [String: String] = [:]

        package init(status: Int = 200, body: Data, headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.headers = headers
        }
    }

    private let state: Mutex<(replies: [Reply], requests: [HTTPRequest])>

    package init(_ replies: [Reply]) {
        state = Mutex((replies, []))
    }

    package convenience init(body: Data, status: Int = 200) {
        self.init([Reply(status: status, body: body)])
    }

    package var requests: [HTTPRequest] { state.withLock { $0.requests } }

    package func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let reply = state.withLock { state -> Reply in
            state.requests.append(request)
            return state.replies.count > 1 ? state.replies.removeFirst() : state.replies[0]
        }
        return (reply.body, HTTPResponse(url: request.url, statusCode: reply.status, headerFields: reply.headers))
    }
}

extension BoxOfficeClient {
    /// A client on made-up hosts with test keys and no retry delays.
    package static func testing(
        _ loader: any HTTPDataLoading, retries: Int = 0, cache: ResponseCache? = nil, now: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> BoxOfficeClient {
        let configuration = ClientConfiguration(
            kobisKey: "TESTKEY123", kakaoKey: "KAKAOKEY456",
            kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!, timeout: 5,
            retryPolicy: RetryPolicy(retries: retries, baseDelay: 0.001, maximumDelay: 0.002, maximumRetryAfter: 0.01))
        return BoxOfficeClient(configuration: configuration, loader: loader, cache: cache, now: { now })
    }
}
