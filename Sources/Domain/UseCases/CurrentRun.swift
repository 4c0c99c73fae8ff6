/// The state of the run a `RaceSession` started last, so that `RaceSession.cancel()` can reach it
/// from outside the task that runs it.
actor CurrentRun {
    /// The run started last; nil before `snapshots()` is first iterated.
    private(set) var state: RaceSessionState?

    /// Remembers the run just started.
    func set(_ state: RaceSessionState) {
        self.state = state
    }
}
