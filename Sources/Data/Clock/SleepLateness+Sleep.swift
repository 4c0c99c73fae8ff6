import Domain

extension SleepLateness {
    /// Sleeps `duration` of real time (throwing `CancellationError` when cancelled), then reports how
    /// late it woke, beyond the `LoopSleep.leeway` a sleep on the event loop may take to share a wake-up
    /// (a wait by design, not lateness). A cancelled sleep reports nothing, nor one with a `tolerance`:
    /// it ends anywhere in it by design (in another wake-up of the loop), so its end says nothing of
    /// how late the loop's timers run, and its zeros would dilute the lateness the others measure.
    public func sleep(for duration: Duration, tolerance: Duration = .zero) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        // On the event loop that runs every task, its own timer; else Swift's.
        let leeway = try await LoopSleep.realSleep(for: duration, tolerance: tolerance)
        guard tolerance <= .zero else { return }
        report(clock.now - deadline - leeway)
    }
}
