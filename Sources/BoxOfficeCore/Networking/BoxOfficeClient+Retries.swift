#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BoxOfficeClient {
    /// Loads with a per-attempt deadline, retrying only what may succeed a moment later.
    func loadWithRetries(_ request: HTTPRequest, endpoint: EndpointInfo) async throws -> (Data, HTTPResponse) {
        let service = endpoint.service
        let policy = configuration.retryPolicy
        var attempt = 1
        // No retry once the retries are spent, or the requests the client may send.
        func outOfRetries() -> Bool { attempt > policy.retries || requestCeiling.map { sent.count >= $0 } == true }
        while true {
            let failure: TransientFailure
            do {
                let (data, http) = try await loadOnce(request, endpoint: endpoint)
                guard Self.retryableStatuses.contains(http.statusCode) else { return (data, http) }
                if outOfRetries() {
                    // A server error every time is said as such, with how often it was asked.
                    if http.statusCode == 408 || (500...599).contains(http.statusCode) {
                        throw BoxOfficeError.serverError(service, status: http.statusCode, attempts: attempt)
                    }
                    return (data, http)
                }
                failure = TransientFailure(
                    error: Self.statusError(service: service, status: http.statusCode, body: data),
                    reason: "HTTP \(http.statusCode)",
                    retryAfter: Self.retryAfter(http, now: now()))
            } catch let error as TransientFailure {
                failure = error
                if outOfRetries() { throw error.error }
            }
            let delay = policy.delay(beforeRetry: attempt, retryAfter: failure.retryAfter)
            onEvent(.retrying(service, attempt: attempt + 1, reason: failure.reason, delay: delay))
            try await Task.sleep(for: .seconds(delay))
            attempt += 1
        }
    }

    /// One attempt, bounded as a whole so a server that drips bytes cannot hold us forever.
    private func loadOnce(_ request: HTTPRequest, endpoint: EndpointInfo) async throws -> (Data, HTTPResponse) {
        let service = endpoint.service
        // A cancelled task sends nothing more, neither a first request nor a retry.
        try Task.checkCancellation()
        onEvent(.requestSent(service))
        let reservation = try await reserveCall(to: service)
        if Task.isCancelled {
            // Cancelled while the ledger was written: nothing was handed to the loader.
            await giveBack(reservation)
            throw CancellationError()
        }
        sent.add()
        let seconds = configuration.timeout
        let send = sending(for: endpoint)
        do {
            // A middleware may take its own time, so only the bare loader is trusted with the deadline.
            return try await Deadline.load(
                request, policy: .api, seconds: seconds,
                timeoutError: { TransientFailure(error: .timedOut(service, seconds: seconds), reason: "timed out", retryAfter: nil) },
                bounded: middlewares.isEmpty ? loader as? any TimeBoundLoading : nil, send: send)
        } catch {
            // The call counts once its request may have left: a timeout or a cancellation may
            // come after the service received it, and the service counts it then. Only a
            // failure that proves the request never left gives the call back.
            if TransferFailure.provesUnsent(error) { await giveBack(reservation) }
            throw Self.classify(error, service: service, host: request.url.host ?? "?", timeout: seconds, redactor: redactor)
        }
    }

    /// The loader behind the middlewares, the first of them outermost.
    private func sending(for endpoint: EndpointInfo) -> @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse) {
        let loader = self.loader
        var send: @Sendable (HTTPRequest) async throws -> (Data, HTTPResponse) = { try await loader.data(for: $0) }
        for middleware in middlewares.reversed() {
            let next = send
            send = { try await middleware.intercept($0, endpoint: endpoint, next: next) }
        }
        return send
    }

    /// Counts the call in the ledger before it is sent, past the day's limit refusing it. With
    /// the limit not enforced, a ledger that cannot be written does not stop the call. The
    /// ledger's lock is waited for as long as an attempt may take, and a wait worth telling is told.
    private func reserveCall(to service: APIService) async throws -> QuotaLedger.Reservation? {
        guard let quota else { return nil }
        let reservation: QuotaLedger.Reservation
        do {
            reservation = try await quota.reserve(
                service, on: KSTDate.today(at: now()), limit: enforcesQuota ? service.dailyQuota : nil, waitingAtMost: configuration.timeout
            ) { holder in
                onEvent(.waitingForLedger(lockedBy: holder))
            }
        } catch BoxOfficeError.quotaLedgerUnavailable(let path, let reason) where !enforcesQuota {
            onEvent(.ledgerFailed(reason: "\(path): \(reason)"))
            return nil
        } catch BoxOfficeError.quotaLedgerLocked(let path, let holder, _) where !enforcesQuota {
            onEvent(.ledgerFailed(reason: "\(path): locked by \(holder.map { "\($0)" } ?? "another process")"))
            return nil
        }
        onEvent(.callCounted(service, today: reservation.count, ledgerWasUnreadable: reservation.ledgerWasUnreadable))
        return reservation
    }

    private func giveBack(_ reservation: QuotaLedger.Reservation?) async {
        if let reservation, let quota { await quota.release(reservation, waitingAtMost: configuration.timeout) }
    }

    /// A transfer's failure in the client's terms; transient ones are wrapped so the loop retries
    /// them. Any other error is returned as it is.
    static func classify(_ error: any Error, service: APIService, host: String, timeout: Double, redactor: SecretRedactor) -> any Error {
        guard let failure = TransferFailure(error) else {
            // The library's own errors and a cancellation pass as they are; anything else an app's
            // own transport threw becomes one of the library's, its text scrubbed of the keys.
            if error is CancellationError || error is any ReportableError || error is TransientFailure { return error }
            return BoxOfficeError.transportFailed(service, reason: redactor.redact(String(describing: error)))
        }
        switch failure {
        case .timedOut:
            return TransientFailure(error: .timedOut(service, seconds: timeout), reason: "timed out", retryAfter: nil)
        case .transient(let reason):
            return TransientFailure(error: .unreachable(service, host: host, reason: reason), reason: reason.text, retryAfter: nil)
        case .malformed(let reason):
            return BoxOfficeError.malformedResponse(service, expected: Words("a valid HTTP answer", "올바른 HTTP 응답"), detail: reason)
        case .lasting(let reason):
            return BoxOfficeError.unreachable(service, host: host, reason: reason)
        case .tooLarge(let limit):
            return BoxOfficeError.responseTooLarge(service, limit: limit)
        case .redirectRefused(let refusal):
            return BoxOfficeError.redirectRefused(service, refusal)
        }
    }

    /// `Retry-After` as seconds or an HTTP date.
    static func retryAfter(_ response: HTTPResponse, now: Date) -> Double? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmed else { return nil }
        if let seconds = Double(value) { return seconds.isFinite ? seconds : nil }
        return HTTPDate.parse(value, now: now).map { $0.timeIntervalSince(now) }
    }

    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
}

/// A failure worth another attempt, and the error to report if none is left.
struct TransientFailure: Error {
    let error: BoxOfficeError
    let reason: String
    let retryAfter: Double?
}
