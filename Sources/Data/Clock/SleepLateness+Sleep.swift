import Domain

extension SleepLateness {
    /// Sleeps `duration` of real time (throwing `CancellationError` when cancelled), then reports how
    /// late it woke: after the time its timer was set for, which on the event loop may be up to
    /// `LoopSleep.leeway` later than asked (to share a wake-up), a wait of its own and not lateness. A cancelled sleep
    /// reports nothing.
    public func sleep(for duration: Duration) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        // On the event loop that runs every task, its own timer; else Swift's.
        let set = try await LoopSleep.realSleep(for: duration)
        report(clock.now - started - max(set, duration))
    }
}
