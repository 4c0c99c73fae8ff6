import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A real-time sleep whose timer is the event loop's own (`EventLoop.scheduleTask`), for a process whose
/// tasks run on that loop (`ProcessExecutor.loop`): the loop wakes from its own `epoll_wait` at the
/// deadline and resumes the sleeping task on the same thread. `Task.sleep` would arm a timer of Swift's
/// runtime instead, which wakes a thread of its pool to resume the task, which then hands over to the
/// loop: two thread wake-ups a sleep, several times a second for every clock of a race.
public enum LoopSleep {
    /// Whether the timer is armed yet, or the task was cancelled before it was.
    private enum Arming {
        case pending
        case armed(Scheduled<Void>)
        case cancelled
    }

    /// The grid the loop's timers are put on: a deadline is moved up to the next multiple of this
    /// (of the monotonic clock), at most this much later, so that timers due within a few milliseconds of
    /// each other (a race's fix and its elapsed-time tick, both every race second but started a moment
    /// apart) wake the loop once instead of twice.
    public static let coalescing = Duration.milliseconds(4)

    /// Suspends for `duration`, moved up to the next `coalescing` step (at once when it is not positive,
    /// after a cancellation check), or throws `CancellationError` when the task is cancelled meanwhile.
    /// Returns the time the timer was set for: `duration` and the step's part.
    @discardableResult
    public static func sleep(for duration: Duration, on loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()) async throws -> Duration {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        // At most a year: a longer sleep is woken by a cancel, not by its timer.
        let nanoseconds = max(0, min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000)
        let now = NIODeadline.now().uptimeNanoseconds
        var deadline = now + UInt64(nanoseconds)
        if nanoseconds > 0 {
            let step = UInt64(coalescing.components.attoseconds / 1_000_000_000 + coalescing.components.seconds * 1_000_000_000)
            deadline = (deadline + step - 1) / step * step
        }
        let arming = NIOLockedValueBox(Arming.pending)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let scheduled = loop.scheduleTask(deadline: .uptimeNanoseconds(deadline)) {}
                // The timer's future completes once: when the timer ran, or failed when it was cancelled
                // first (or its loop shut down). That is the one resumption.
                scheduled.futureResult.whenComplete { result in
                    continuation.resume(with: result.mapError { _ in CancellationError() })
                }
                // The cancel handler may have run between the check above and here.
                let cancelled = arming.withLockedValue { current -> Bool in
                    if case .cancelled = current { return true }
                    current = .armed(scheduled)
                    return false
                }
                if cancelled { scheduled.cancel() }
            }
        } onCancel: {
            let armed = arming.withLockedValue { current -> Scheduled<Void>? in
                defer { current = .cancelled }
                if case .armed(let scheduled) = current { return scheduled }
                return nil
            }
            // Fails the timer's future unless the timer already ran.
            armed?.cancel()
        }
        return .nanoseconds(Int64(deadline - now))
    }

    /// Sleeps `duration` of real time on whatever runs this process's tasks: the event loop's timer
    /// (`sleep(for:on:)`) once `ProcessExecutor` installed it, else `Task.sleep`. Throws
    /// `CancellationError` when the task is cancelled meanwhile. Returns the time the timer was set for
    /// (on the loop, moved up to its `coalescing` step).
    @discardableResult
    public static func realSleep(for duration: Duration) async throws -> Duration {
        if ProcessExecutor.installed == .loop {
            return try await sleep(for: duration)
        }
        try await Task.sleep(for: duration)
        return duration
    }
}
