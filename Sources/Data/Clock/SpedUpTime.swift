import Domain
import Foundation

/// What the live race clocks (`SystemRaceClock`, `AgreedRaceClock`) share: real seconds read from the
/// monotonic clock, and sleeping until a race-clock instant on a clock `speedup` times faster than real.
enum SpedUpTime {
    /// Suspends for a real duration (or throws `CancellationError`): `Task.sleep` live, a fake in tests.
    typealias RealSleep = @Sendable (Duration) async throws -> Void

    /// The live real sleep: `Task.sleep`, its lateness reported to `SleepLateness.shared`.
    static let taskSleep: RealSleep = { try await SleepLateness.shared.sleep(for: $0) }

    /// Real seconds from `start` to now, on the monotonic clock.
    static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        start.duration(to: ContinuousClock.now).inSeconds
    }

    /// The real time to sleep until `deadline` on a race clock reading `now` and running `speedup` times
    /// faster than real time; nil when the deadline has come.
    static func realDelay(until deadline: Date, now: Date, speedup: Double) -> Duration? {
        let raceSeconds = deadline.timeIntervalSince(now)
        return raceSeconds > 0 ? .seconds(raceSeconds / speedup) : nil
    }

    /// Suspends until `deadline` on a race clock reading `now` and running `speedup` times faster than
    /// real time; returns at once (after a cancellation check) when the deadline has passed.
    static func sleep(until deadline: Date, now: Date, speedup: Double, realSleep: RealSleep = taskSleep) async throws {
        guard let delay = realDelay(until: deadline, now: now, speedup: speedup) else {
            try Task.checkCancellation()
            return
        }
        try await realSleep(delay)
    }
}
