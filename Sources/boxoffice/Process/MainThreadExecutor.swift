import Dispatch
import Synchronization

/// Runs the process's one task on the main thread, and with it every job that has no actor of its
/// own to go to: the run's code, its child tasks, and the continuations other threads resume.
///
/// Left to the default executors, the first answer that comes back from the network thread wakes
/// dispatch, which starts a worker for it, a manager beside it, and the main queue's thread to go
/// back to the main actor: four threads a one-request run does not need, and whose start waits for
/// the loader while libcurl loads. Here the network thread hands the job over and the main thread,
/// which has nothing else to do, runs it.
///
/// A range's days are read on the shared pool (`ChartCommand`), in parallel, and the MCP server
/// runs detached from this task (`MCPCommand`), so that its calls run in parallel and a `ping`
/// is answered beside them.
final class MainThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    /// Signalled once for each job and once at the end. The main thread sleeps on it between jobs,
    /// as dispatch's threads sleep on theirs: the one place below async/await where a thread
    /// waits, and no task ever waits on it.
    private let arrivals = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        arrivals.signal()
    }

    /// Runs `operation` in a task that prefers this executor, on the calling thread, which should
    /// be the main one, and returns its value once it has ended.
    static func run<Value: Sendable>(_ operation: sending @escaping () async -> Value) -> Value {
        let executor = MainThreadExecutor()
        let result = Mutex<Value?>(nil)
        Task(executorPreference: executor) {
            let value = await operation()
            result.withLock { $0 = value }
            // A signal with no job: the end.
            executor.arrivals.signal()
        }
        executor.runJobs()
        guard let value = result.withLock({ $0.take() }) else { preconditionFailure("the run's task ended without a value") }
        return value
    }

    /// Runs jobs as they arrive until the task has ended.
    private func runJobs() {
        while true {
            arrivals.wait()
            // A few jobs wait at most: the run's task and the children it awaits.
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
