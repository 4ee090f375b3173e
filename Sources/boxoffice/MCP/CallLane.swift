import BoxOfficeApp
import Dispatch

/// A thread for one tool call at a time: a serial dispatch queue as the executor its task
/// prefers, so that the call's work (the command, its JSON, a file read or a lock that blocks)
/// runs there, beside Swift's cooperative pool, and never on the server's actor. The server has
/// `MCPServer.concurrentCalls` of them, which is what bounds the threads and descriptors calls take.
final class CallLane: TaskExecutor {
    private let queue: DispatchQueue

    init(number: Int) {
        // A serial queue gets a thread of its own (dispatch's overcommit pool) when it has work,
        // whatever the cooperative pool's few threads are doing, and gives it back when idle.
        // Utility, below the server's loop (nice 2 on Linux): with more calls working than there
        // are cores, a ping waited 0.6 s for the CPU at the same priority, 2 ms at this one.
        queue = DispatchQueue(label: "boxoffice.mcp.call-\(number)", qos: .utility)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
