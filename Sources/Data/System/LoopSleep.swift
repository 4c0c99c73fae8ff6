import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A real-time sleep whose timer is the event loop's own (`EventLoop.scheduleTask`), for a process whose
/// tasks run on that loop (`ProcessExecutor.loop`): the loop wakes from its own `epoll_wait` at the
/// deadline and resumes the sleeping task on the same thread. `Task.sleep` would arm a timer of Swift's
/// runtime instead, which wakes a thread of its pool to resume the task, which then hands over to the
/// loop: two thread wake-ups a sleep, several times a second for every clock of a race.
public enum LoopSleep {
    private enum State {
        case setting
        case scheduled(Scheduled<Void>)
        case cancelled
        case ended
    }

    /// Suspends for `duration` (at once when it is not positive, after a cancellation check), or throws
    /// `CancellationError` when the task is cancelled meanwhile.
    public static func sleep(for duration: Duration, on loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()) async throws {
        try Task.checkCancellation()
        let (seconds, attoseconds) = duration.components
        // At most a year: a longer sleep is woken by a cancel, not by its timer.
        let nanoseconds = max(0, min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000)
        let state = NIOLockedValueBox(State.setting)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Whoever ends the state resumes the task, once: the timer (slept, or cancelled just
                // before it ran), the cancel before the timer was armed, or the timer's failure.
                @Sendable func end(_ outcome: (State) -> Result<Void, any Error>?) {
                    let result = state.withLockedValue { current -> Result<Void, any Error>? in
                        guard let result = outcome(current) else { return nil }
                        current = .ended
                        return result
                    }
                    if let result { continuation.resume(with: result) }
                }
                let scheduled = loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
                    end { current in
                        switch current {
                        case .setting, .scheduled: .success(())
                        case .cancelled: .failure(CancellationError())
                        case .ended: nil
                        }
                    }
                }
                // Cancelled (or a loop shut down): the task ends with CancellationError.
                scheduled.futureResult.whenFailure { _ in
                    end { current in
                        if case .ended = current { nil } else { .failure(CancellationError()) }
                    }
                }
                // The cancel handler may have run between the check above and here.
                let cancelled = state.withLockedValue { current -> Bool in
                    switch current {
                    case .setting:
                        current = .scheduled(scheduled)
                        return false
                    case .cancelled:
                        return true
                    case .scheduled, .ended:
                        return false
                    }
                }
                if cancelled { scheduled.cancel() }
            }
        } onCancel: {
            let scheduled = state.withLockedValue { state -> Scheduled<Void>? in
                switch state {
                case .setting:
                    state = .cancelled
                    return nil
                case .scheduled(let scheduled):
                    state = .cancelled
                    return scheduled
                case .cancelled, .ended:
                    return nil
                }
            }
            // Fails the timer's future (unless it ran): its failure handler resumes the task.
            scheduled?.cancel()
        }
    }
}
