import Foundation

/// What the live race clocks (`SystemRaceClock`, `AgreedRaceClock`) share: real seconds read from the
/// monotonic clock, and sleeping until a race-clock instant on a clock `speedup` times faster than real.
enum SpedUpTime {
    /// Real seconds from `start` to now, on the monotonic clock.
    static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        let real = start.duration(to: ContinuousClock.now)
        return Double(real.components.seconds) + Double(real.components.attoseconds) * 1e-18
    }

    /// Suspends until `deadline` on a race clock reading `now` and running `speedup` times faster than
    /// real time; returns at once (after a cancellation check) when the deadline has passed.
    static func sleep(until deadline: Date, now: Date, speedup: Double) async throws {
        let raceSeconds = deadline.timeIntervalSince(now)
        guard raceSeconds > 0 else {
            try Task.checkCancellation()
            return
        }
        try await Task.sleep(for: .seconds(raceSeconds / speedup))
    }
}
