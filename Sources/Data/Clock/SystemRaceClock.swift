import Domain
import Foundation

/// The live race clock: the system's time, optionally running `speedup` times faster from the
/// moment it was made (for simulated runs and tests of whole races in seconds).
public struct SystemRaceClock: RaceClock {
    public let speedup: Double
    private let origin: Date
    private let base: ContinuousClock.Instant

    /// - Parameter speedup: how many race seconds pass per real second; 1 is real time.
    public init(speedup: Double = 1) {
        precondition(speedup.isFinite && speedup > 0, "speedup must be a positive number")
        self.speedup = speedup
        self.origin = Date()
        self.base = ContinuousClock.now
    }

    public var now: Date {
        origin.addingTimeInterval(SpedUpTime.seconds(since: base) * speedup)
    }

    public func sleep(until deadline: Date) async throws {
        try await SpedUpTime.sleep(until: deadline, now: now, speedup: speedup)
    }
}
