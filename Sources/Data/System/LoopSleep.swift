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

    /// Suspends for `duration` (at once when it is not positive, after a cancellation check), or throws
    /// `CancellationError` when the task is cancelled meanwhile.
    public static func sleep(for duration: Duration, on loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()) async throws {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        // At most a year: a longer sleep is woken by a cancel, not by its timer.
        let nanoseconds = max(0, min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000)
        let arming = NIOLockedValueBox(Arming.pending)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let scheduled = loop.scheduleTask(in: .nanoseconds(nanoseconds)) {}
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
    }

    /// Sleeps `duration` of real time on whatever runs this process's tasks: the event loop's timer
    /// (`sleep(for:on:)`) once `ProcessExecutor` installed it, else `Task.sleep`. Throws
    /// `CancellationError` when the task is cancelled meanwhile.
    public static func realSleep(for duration: Duration) async throws {
        if ProcessExecutor.installed == .loop {
            try await sleep(for: duration)
        } else {
            try await Task.sleep(for: duration)
        }
    }
}
