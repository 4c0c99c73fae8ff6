import Domain
import Synchronization

/// A peer's sync as its race sees it: every mate's update is timed as it is handed to the race (received,
/// authenticated, decoded and batched; before the step, the view model and the frame) against the fix
/// behind it. That is the wire's share of fix → mate's frame, without the status frames' pace
/// (`FrontEndBinder.statusInterval`).
final class ProbedSync: RaceSyncRepository {
    /// What the race was handed: the latency of each mate fix, in nanoseconds.
    struct Arrivals: Sendable {
        var samples: [UInt64] = []
        var unmatched = 0
    }

    private struct State {
        var mates: [String: FixProbe] = [:]
        var window: Range<UInt64> = 0..<0
        /// Each mate's elapsed time last handed over, so that a repeat of it (a full state again, a
        /// duplicate) is not timed twice.
        var handed: [String: Double] = [:]
        var arrivals = Arrivals()
    }

    private let wrapped: any RaceSyncRepository
    private let state = Mutex(State())

    init(wrapped: any RaceSyncRepository) {
        self.wrapped = wrapped
    }

    /// Starts timing the updates of `mates` whose fix left its source inside `window`.
    func watch(mates: [String: FixProbe], window: Range<UInt64>) {
        state.withLock { state in
            state.mates = mates
            state.window = window
        }
    }

    /// What was timed so far.
    var arrivals: Arrivals { state.withLock { $0.arrivals } }

    func publish(_ progress: RunnerProgress) async {
        await wrapped.publish(progress)
    }

    func updates() -> AsyncStream<RunnerProgress> {
        wrapped.updates()
    }

    /// The wrapped batches, pulled one at a time as the race asks for them (so they gather as they do
    /// unwrapped), each timed when it is handed over.
    func updateBatches() -> AsyncStream<[RunnerProgress]> {
        let source = SingleConsumerIterator(wrapped.updateBatches().makeAsyncIterator())
        return AsyncStream { [self] in
            guard let batch = await source.next() else { return nil }
            note(batch, at: monotonicNanoseconds())
            return batch
        }
    }

    func announce(_ ghost: Ghost) async {
        await wrapped.announce(ghost)
    }

    func ghosts() -> AsyncStream<Ghost> {
        wrapped.ghosts()
    }

    private func note(_ batch: [RunnerProgress], at now: UInt64) {
        state.withLock { state in
            for update in batch {
                let mate = update.runner.id.description
                guard let probe = state.mates[mate], state.handed[mate] != update.elapsed else { continue }
                state.handed[mate] = update.elapsed
                guard update.phase == .running, update.elapsed > 0 else { continue }
                guard let emitted = probe.emission(elapsed: update.elapsed) else {
                    state.arrivals.unmatched += 1
                    continue
                }
                if state.window.contains(emitted), now >= emitted { state.arrivals.samples.append(now - emitted) }
            }
        }
    }
}
