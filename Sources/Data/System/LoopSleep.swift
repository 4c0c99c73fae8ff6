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

    /// How much later than asked a timer may fire to share a wake-up with one armed before it: a race's
    /// fix and its elapsed-time tick, both every race second but started a moment apart, are due a
    /// fraction of a millisecond apart, and woke the loop twice a race second instead of once.
    public static let leeway = Duration.milliseconds(4)
    private static let leewayNanoseconds = UInt64(leeway.components.seconds * 1_000_000_000 + leeway.components.attoseconds / 1_000_000_000)

    /// The deadlines (monotonic nanoseconds) of the sleeps' timers armed and not yet done, with how many
    /// timers each.
    private static let armed = NIOLockedValueBox([UInt64: Int]())

    /// The deadline for a timer asked for `asked`: the earliest of `armed` within `leeway` after it (never
    /// before it), else `asked`.
    static func deadline(asking asked: UInt64, armed: some Sequence<UInt64>) -> UInt64 {
        var chosen: UInt64?
        for deadline in armed where deadline >= asked && deadline - asked <= leewayNanoseconds {
            chosen = min(chosen ?? deadline, deadline)
        }
        return chosen ?? asked
    }

    /// `deadline(asking:armed:)` of the timers armed now, counted as armed until `disarm`.
    private static func arm(_ asked: UInt64) -> UInt64 {
        armed.withLockedValue { armed in
            let chosen = deadline(asking: asked, armed: armed.keys)
            armed[chosen, default: 0] += 1
            return chosen
        }
    }

    private static func disarm(_ deadline: UInt64) {
        armed.withLockedValue { armed in
            let left = (armed[deadline] ?? 1) - 1
            armed[deadline] = left > 0 ? left : nil
        }
    }

    /// Suspends for `duration` (at once when it is not positive, after a cancellation check), or up to
    /// `leeway` more to end with a sleep armed before it, or throws `CancellationError` when the task is
    /// cancelled meanwhile. Returns the time the timer was set for.
    @discardableResult
    public static func sleep(for duration: Duration, on loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()) async throws -> Duration {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        // At most a year: a longer sleep is woken by a cancel, not by its timer.
        let nanoseconds = max(0, min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000)
        let now = NIODeadline.now().uptimeNanoseconds
        let deadline = nanoseconds > 0 ? arm(now + UInt64(nanoseconds)) : now
        let arming = NIOLockedValueBox(Arming.pending)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let scheduled = loop.scheduleTask(deadline: .uptimeNanoseconds(deadline)) {}
                // The timer's future completes once: when the timer ran, or failed when it was cancelled
                // first (or its loop shut down). That is the one resumption.
                scheduled.futureResult.whenComplete { result in
                    if nanoseconds > 0 { disarm(deadline) }
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
    /// (on the loop, up to `leeway` more).
    @discardableResult
    public static func realSleep(for duration: Duration) async throws -> Duration {
        if ProcessExecutor.installed == .loop {
            return try await sleep(for: duration)
        }
        try await Task.sleep(for: duration)
        return duration
    }
}
