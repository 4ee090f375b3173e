/// Runs an async function over inputs with at most `limit` in flight, keeping input order.
/// `giveUp` sees the results in the order they completed, and the size of the first wave;
/// once it says so, no more inputs are started and those left out fail with `NotSent`.
enum ConcurrentMap {
    static func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], limit: Int,
        giveUp: @escaping @Sendable (_ completed: [Result<Output, any Error>], _ wave: Int) -> Bool = { _, _ in false },
        _ transform: @escaping @Sendable (Input) async throws -> Output
    ) async -> [Result<Output, any Error>] {
        // One input needs no child task: it runs on the caller's executor, with no thread to start.
        if inputs.count == 1 {
            do { return [.success(try await transform(inputs[0]))] } catch { return [.failure(error)] }
        }
        return await withTaskGroup(of: (Int, Result<Output, any Error>).self) { group in
            var results = [Result<Output, any Error>?](repeating: nil, count: inputs.count)
            var completed: [Result<Output, any Error>] = []
            var gaveUp = false
            let wave = min(max(limit, 1), inputs.count)
            var next = 0
            func startNext() {
                guard next < inputs.count, !gaveUp else { return }
                let index = next
                let input = inputs[index]
                group.addTask {
                    do { return (index, .success(try await transform(input))) } catch { return (index, .failure(error)) }
                }
                next += 1
            }
            for _ in 0..<max(limit, 1) { startNext() }
            // Until the whole first wave has answered, a failure does not start another input:
            // against a dead server the wave's verdict comes before more requests go out.
            var heldBack = 0
            for await (index, result) in group {
                results[index] = result
                completed.append(result)
                if !gaveUp, giveUp(completed, wave) { gaveUp = true }
                if completed.count < wave, case .failure = result {
                    heldBack += 1
                    continue
                }
                startNext()
                if completed.count >= wave {
                    for _ in 0..<heldBack { startNext() }
                    heldBack = 0
                }
            }
            return results.map { $0 ?? .failure(NotSent()) }
        }
    }
}
