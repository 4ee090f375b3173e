import BoxOfficeCore
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A loader that answers from a script and remembers every request.
final class StubLoader: HTTPDataLoading {
    struct Reply: Sendable {
        var status = 200
        var body: Data
        var headers: [String: String] = [:]
    }

    private let state: Mutex<(replies: [Reply], requests: [URLRequest])>

    init(_ replies: [Reply]) {
        state = Mutex((replies, []))
    }

    convenience init(body: Data, status: Int = 200) {
        self.init([Reply(status: status, body: body)])
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let reply = state.withLock { state -> Reply in
            state.requests.append(request)
            return state.replies.count > 1 ? state.replies.removeFirst() : state.replies[0]
        }
        let response = HTTPURLResponse(url: request.url ?? URL(fileURLWithPath: "/"), statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)
        guard let response else { throw URLError(.badServerResponse) }
        return (reply.body, response)
    }
}

extension BoxOfficeClient {
    /// A client on made-up hosts with test keys and no retry delays.
    static func testing(_ loader: any HTTPDataLoading, retries: Int = 0, cache: ResponseCache? = nil, now: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> BoxOfficeClient {
        let configuration = ClientConfiguration(
            kobisBaseURL: URL(string: "https://kobis.test/rest")!, kakaoBaseURL: URL(string: "https://kakao.test")!,
            kobisKey: "TESTKEY123", kakaoKey: "KAKAOKEY456", timeout: 5,
            retryPolicy: RetryPolicy(retries: retries, baseDelay: 0.001, maximumDelay: 0.002, maximumRetryAfter: 0.01))
        return BoxOfficeClient(configuration: configuration, loader: loader, cache: cache, now: { now })
    }
}
