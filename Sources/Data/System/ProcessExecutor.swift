import Domain
import NIOCore
import NIOPosix
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the process's Swift concurrency runs: on one SwiftNIO event loop, the one that also reads and
/// writes the race's sockets (the default), or on Swift's own thread pool.
///
/// A mate's update used to cross two kinds of thread: the event loop that read the datagram, then the
/// pool's threads for every task and actor on its way to the screen (the session, the record, the view
/// model, the frame), each hand-over a thread wake-up. With one event loop for both, the update is read,
/// applied, recorded and drawn on one thread, and a hand-over is a job on that loop's queue rather than a
/// wake-up (docs/BENCHMARKS.md, "One thread"). A runner's work is a few hundred microseconds a second, so
/// one thread has room to spare; the few things that block (a race key's scrypt before the lobby, a
/// record store's `fdatasync` on GRDB's own queue, a front-end's writes) blocked a pool thread before.
///
/// The loop runs Swift's jobs in batches (`LoopJobQueue`): one task of the loop runs every job that is
/// ready, rather than a task of the loop for each job as SwiftNIO's own installation
/// (`NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`) does.
///
/// `MATERUNNER_EXECUTOR=pool` keeps Swift's pool (for comparing the two, or should a front-end library
/// need more than one thread of the host's).
public enum ProcessExecutor {
    private static let loopInstalled = Atomic<Bool>(false)

    /// What this process runs on: `loop` once `install(.loop)` succeeded, else `pool` (tests, tools).
    public static var installed: Choice {
        loopInstalled.load(ordering: .acquiring) ? .loop : .pool
    }

    /// The environment variable that chooses (`loop`, the default, or `pool`).
    public static let variable = "MATERUNNER_EXECUTOR"

    public enum Choice: String, Sendable, CaseIterable, CustomStringConvertible {
        /// One SwiftNIO event loop runs the sockets and every task.
        case loop
        /// Swift's cooperative pool runs the tasks; SwiftNIO's loop only the sockets.
        case pool

        /// What runs the process's tasks, as the debug log says it.
        public var description: String {
            switch self {
            case .loop: "tasks run on one SwiftNIO event loop, with the sockets"
            case .pool: "tasks run on Swift's thread pool (\(ProcessExecutor.variable)=pool or no hook)"
            }
        }
    }

    /// The choice `environment` makes; an unknown value is an error naming the ones known.
    public static func choice(environment: [String: String]) throws(ProcessExecutorError) -> Choice {
        guard let value = environment[variable], !value.isEmpty else { return .loop }
        guard let choice = Choice(rawValue: value.lowercased()) else {
            throw ProcessExecutorError(value: value)
        }
        return choice
    }

    /// Makes the executor `environment` chooses this process's (`install(_:)`), or throws when the
    /// variable names none; returns what was installed. For `main`, before anything else.
    @discardableResult
    public static func install(environment: [String: String]) throws(ProcessExecutorError) -> Choice {
        install(try choice(environment: environment))
    }

    /// Makes `choice` the executor of this process; returns what was installed. Call once, from the main
    /// thread, before the first task and before anything uses SwiftNIO's shared event loops. `loop` falls
    /// back to `pool` where the Swift runtime does not offer the hook SwiftNIO needs.
    @discardableResult
    public static func install(_ choice: Choice) -> Choice {
        switch choice {
        case .pool:
            return .pool
        case .loop:
            // One loop: the process's sockets, its tasks and its actors on one thread.
            NIOSingletons.groupLoopCountSuggestion = 1
            guard installGlobalHook() else { return .pool }
            loopInstalled.store(true, ordering: .releasing)
            return .loop
        }
    }

    /// The jobs of Swift's global executor, run on SwiftNIO's one shared loop in batches.
    ///
    /// Each runs as a job of the global executor (the generic executor), as Swift's own pool runs them,
    /// not as a job of the loop's serial executor (as SwiftNIO's installation runs them). The runtime lets
    /// a task that runs on the generic executor take a free actor on the same thread at an `await`, and
    /// give it back at the next (`swift_task_switch`); on a serial executor it must not, so every hop
    /// between a task and an actor was a job of its own through this queue (docs/BENCHMARKS.md,
    /// "Hops on the thread").
    private static let jobs: LoopJobQueue<UnownedJob> = {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let executor = genericExecutor
        // The loop's sleeps with a tolerance end in the wake-ups that run jobs (`LoopSleep`).
        let sleeps = LoopSleep.timer(on: loop)
        return LoopJobQueue(loop: loop, run: { job in job.runSynchronously(on: executor) }, afterBatch: { sleeps.endDue() })
    }()

    /// The runtime's generic executor ("no particular executor", a null reference), which
    /// `swift_job_run` treats as the global executor's: the Swift API names it nowhere, so it is made from
    /// its representation, two null words (`SerialExecutorRef::generic()` in the runtime).
    private static var genericExecutor: UnownedSerialExecutor {
        precondition(MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<UInt>.size, "UnownedSerialExecutor is two words")
        return unsafeBitCast((UInt(0), UInt(0)), to: UnownedSerialExecutor.self)
    }

    /// The runtime's hook for Swift's global executor (`swift_task_enqueueGlobal_hook`): a job and the
    /// runtime's own enqueue, which the hook may call or not. Swift's calling convention, as the runtime
    /// declares it (`SWIFT_CC(swift)`), which is what a thin Swift function is.
    private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Points the runtime's hook at `jobs`; false where the runtime has no hook or another one is set.
    /// The same unofficial hook SwiftNIO's installation sets, set the same way: before the first task, once.
    private static func installGlobalHook() -> Bool {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: UnsafeRawPointer?.self)
        guard slot.pointee == nil else { return false }
        _ = jobs
        let hook: EnqueueGlobalHook = { job, _ in ProcessExecutor.jobs.enqueue(job) }
        slot.pointee = unsafeBitCast(hook, to: UnsafeRawPointer.self)
        return true
    }
}

/// `MATERUNNER_EXECUTOR` has a value that names no executor: the environment's fault (exit 78).
public struct ProcessExecutorError: ClassifiedFault, CustomStringConvertible, Sendable {
    public let value: String

    public var fault: Fault { .config }

    public var description: String {
        let known = ProcessExecutor.Choice.allCases.map(\.rawValue).joined(separator: " or ")
        return "\(ProcessExecutor.variable)=\(value) names no executor: set it to \(known), or unset it"
    }
}
