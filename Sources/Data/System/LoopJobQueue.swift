import NIOCore
import Synchronization

/// Work handed to one event loop in batches: what is enqueued while nothing is pending schedules one
/// task of the loop (`EventLoop.execute`), and that task runs everything enqueued until the queue is empty,
/// what the jobs it runs enqueue included, up to `batchLimit` before it gives the loop a turn for its
/// sockets and timers and goes on in a task of its own.
///
/// `ProcessExecutor` runs Swift's global executor through one of these: a fix on its way to the screen
/// is some thirty jobs (a hop between tasks and actors each), and SwiftNIO's own `enqueue(_:)` made each
/// of them a task of the loop, with its lock, its copy into the loop's batch and its exclusivity checks:
/// more than most of the jobs do (docs/BENCHMARKS.md, "jobs in
/// batches, and frames on the fixes"). Here a job costs an append under an uncontended lock.
final class LoopJobQueue<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        /// A task of the loop will drain the queue (it is scheduled, or it runs now).
        var scheduled = false
        /// Tasks of the loop that drained the queue, and jobs run (`counts`, which the tests read).
        var drains = 0
        var ran = 0
    }

    /// Jobs run in one task of the loop before the loop gets a turn.
    let batchLimit: Int
    private let loop: any EventLoop
    private let run: @Sendable (Job) -> Void
    /// Called after each batch of jobs, on the loop (`ProcessExecutor`: the sleeps due end in this
    /// wake-up, `SleepTimer.endDue()`); what it enqueues runs in the same task.
    private let afterBatch: @Sendable () -> Void
    private let state = Mutex(State())

    init(
        loop: any EventLoop, batchLimit: Int = 256, run: @escaping @Sendable (Job) -> Void,
        afterBatch: @escaping @Sendable () -> Void = {}
    ) {
        precondition(batchLimit > 0, "a batch runs at least one job")
        self.loop = loop
        self.batchLimit = batchLimit
        self.run = run
        self.afterBatch = afterBatch
    }

    /// Runs `job` on the loop after the jobs enqueued before it; from any thread.
    func enqueue(_ job: Job) {
        let schedule = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        if schedule { loop.execute { self.drain() } }
    }

    /// Tasks of the loop that drained the queue, and jobs they ran.
    var counts: (drains: Int, jobs: Int) {
        state.withLock { ($0.drains, $0.ran) }
    }

    private func drain() {
        var batch: [Job] = []
        var ran = 0
        while true {
            let more = state.withLock { state -> Bool in
                if ran == 0 { state.drains += 1 }
                state.ran += batch.count
                batch.removeAll(keepingCapacity: true)
                if state.jobs.isEmpty {
                    // Nothing left: the next job schedules a task again. The buffer goes back for reuse.
                    state.scheduled = false
                    if state.jobs.capacity < batch.capacity { swap(&state.jobs, &batch) }
                    return false
                }
                swap(&state.jobs, &batch)
                return true
            }
            guard more else { return }
            for job in batch { run(job) }
            ran += batch.count
            afterBatch()
            if ran >= batchLimit {
                state.withLock { $0.ran += batch.count }
                // `scheduled` stays set: the task goes on after the loop's turn, and enqueuing wakes nothing.
                loop.execute { self.drain() }
                return
            }
        }
    }
}
