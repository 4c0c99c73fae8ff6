import Domain

extension SleepLateness {
    /// Sleeps `duration` of real time (throwing `CancellationError` when cancelled), then reports how
    /// late it woke. A cancelled sleep reports nothing.
    public func sleep(for duration: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        // On the event loop that runs every task, its own timer (LoopSleep); else Swift's.
        if ProcessExecutor.installed == .loop {
            try await LoopSleep.sleep(for: duration)
        } else {
            try await Task.sleep(until: deadline, clock: clock)
        }
        report(clock.now - deadline)
    }
}
