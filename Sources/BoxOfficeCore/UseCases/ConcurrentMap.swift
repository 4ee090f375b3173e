/// Runs an async function over inputs with at most `limit` in flight, handing the results on in
/// input order.
enum ConcurrentMap {
    /// Every result, in input order.
    static func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], limit: Int, _ transform: @escaping @Sendable (Input) async throws -> Output
    ) async -> [Result<Output, any Error>] {
        var results: [Result<Output, any Error>] = []
        results.reserveCapacity(inputs.count)
        await forEach(inputs, limit: limit, transform) { _, result in results.append(result) }
        return results
    }

    /// Hands each result to `receive` in input order, as soon as it and every one before it are
    /// in, so that a caller that writes and drops them holds only those not yet handed on.
    ///
    /// With `ahead`, no input is started more than `ahead` places after the oldest result not yet
    /// handed on: a slow first input then holds back at most that many finished ones, not all the
    /// rest. `giveUp` sees, in the order they completed, each completed input's error (nil for a
    /// success) and the size of the first wave; once it says so, no more inputs are started and
    /// those left out are handed on as failing with `NotSent`. An error `receive` throws cancels
    /// the inputs in flight and is thrown.
    static func forEach<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: [Input], limit: Int, ahead: Int? = nil,
        giveUp: (_ completed: [(any Error)?], _ wave: Int) -> Bool = { _, _ in false },
        _ transform: @escaping @Sendable (Input) async throws -> Output,
        receive: (Int, Result<Output, any Error>) async throws(Failure) -> Void
    ) async throws(Failure) {
        // One input needs no child task: it runs on the caller's executor, with no thread to start.
        if inputs.count == 1 {
            let result: Result<Output, any Error>
            do { result = .success(try await transform(inputs[0])) } catch { result = .failure(error) }
            try await receive(0, result)
            return
        }
        let limit = max(limit, 1)
        let ahead = max(ahead ?? inputs.count, 1)
        let wave = min(limit, inputs.count)
        let failure: Failure? = await withTaskGroup(of: (Int, Result<Output, any Error>).self) { group in
            var next = 0
            var inFlight = 0
            var handedOn = 0
            var finished: [Int: Result<Output, any Error>] = [:]
            var completed: [(any Error)?] = []
            var failedInWave = 0
            var gaveUp = false
            func startMore() {
                // Until the whole first wave has answered, a failure does not start another input:
                // against a dead server the wave's verdict comes before more requests go out.
                let allowed = completed.count < wave ? limit - failedInWave : limit
                while !gaveUp, next < inputs.count, inFlight < allowed, next < handedOn + ahead {
                    let index = next
                    let input = inputs[index]
                    group.addTask {
                        do { return (index, .success(try await transform(input))) } catch { return (index, .failure(error)) }
                    }
                    next += 1
                    inFlight += 1
                }
            }
            startMore()
            while let (index, result) = await group.next() {
                inFlight -= 1
                let error: (any Error)? =
                    switch result {
                    case .success: nil
                    case .failure(let error): error
                    }
                completed.append(error)
                if completed.count < wave, error != nil { failedInWave += 1 }
                if !gaveUp, giveUp(completed, wave) { gaveUp = true }
                finished[index] = result
                while let ready = finished.removeValue(forKey: handedOn) {
                    do throws(Failure) {
                        try await receive(handedOn, ready)
                    } catch {
                        group.cancelAll()
                        return error
                    }
                    handedOn += 1
                }
                startMore()
            }
            while handedOn < inputs.count {
                do throws(Failure) {
                    try await receive(handedOn, .failure(NotSent()))
                } catch {
                    return error
                }
                handedOn += 1
            }
            return nil
        }
        if let failure { throw failure }
    }
}
