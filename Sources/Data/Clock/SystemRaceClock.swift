import Domain
import Foundation

/// The live race clock: the system's time, optionally running `speedup` times faster from the
/// moment it was made (for simulated runs and tests of whole races in seconds).
public struct SystemRaceClock: RaceClock {
    /// How many race seconds pass per real second; 1 is real time.
    public let speedup: Double
    private let origin: Date
    private let elapsed: @Sendable () -> TimeInterval
    private let realSleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - speedup: how many race seconds pass per real second; 1 is real time.
    ///   - origin: what the clock reads when it is made (this machine's time by default).
    ///   - elapsed: real seconds since the clock was made (the monotonic clock by default; tests inject it).
    ///   - realSleep: suspends for a real duration, throwing on cancellation (`Task.sleep` by default;
    ///     tests inject it).
    public init(
        speedup: Double = 1, origin: Date = Date(), elapsed: (@Sendable () -> TimeInterval)? = nil,
        realSleep: (@Sendable (Duration) async throws -> Void)? = nil
    ) {
        precondition(speedup.isFinite && speedup > 0, "speedup must be a positive number")
        self.speedup = speedup
        self.origin = origin
        if let elapsed {
            self.elapsed = elapsed
        } else {
            let base = ContinuousClock.now
            self.elapsed = { SpedUpTime.seconds(since: base) }
        }
        self.realSleep = realSleep ?? SpedUpTime.taskSleep
    }

    public var now: Date {
        origin.addingTimeInterval(elapsed() * speedup)
    }

    public func sleep(until deadline: Date) async throws {
        try await SpedUpTime.sleep(until: deadline, now: now, speedup: speedup, realSleep: realSleep)
    }
}
