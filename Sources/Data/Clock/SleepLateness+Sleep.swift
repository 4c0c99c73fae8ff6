import Domain

extension SleepLateness {
    /// Sleeps `duration` of real time (throwing `CancellationError` when cancelled), then reports how
    /// late it woke, beyond the `tolerance` and `LoopSleep.leeway` a sleep on the event loop may take to
    /// share a wake-up (a wait by design, not lateness). A cancelled sleep reports nothing.
    public func sleep(for duration: Duration, tolerance: Duration = .zero) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        // On the event loop that runs every task, its own timer; else Swift's.
        let leeway = try await LoopSleep.realSleep(for: duration, tolerance: tolerance)
        report(clock.now - deadline - leeway)
    }
}
