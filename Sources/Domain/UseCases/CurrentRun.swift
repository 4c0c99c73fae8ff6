import Synchronization

/// The state of the run a `RaceSession` started last, so that `RaceSession.cancel()` and
/// `makeOwedStep()` can reach it from outside the task that runs it (behind a lock, not an actor: a view
/// asking for the owed step reaches the run's actor without a stop on the way).
final class CurrentRun: Sendable {
    private let current = Mutex<RaceSessionState?>(nil)

    /// The run started last; nil before `snapshots()` is first called.
    var state: RaceSessionState? { current.withLock { $0 } }

    /// Remembers the run just started.
    func set(_ state: RaceSessionState) {
        current.withLock { $0 = state }
    }
}
