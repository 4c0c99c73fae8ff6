import Foundation

/// How the race clock follows the estimated host clock without ever going backwards (docs/PROTOCOL.md,
/// "Race clock"): the correction applied to this machine's clock moves to the estimated offset at once
/// when that is ahead (a step forward), and at most `maximumBackwardRate` seconds per second when it is
/// behind (a slew). Because that rate is below 1, this machine's time plus the correction never
/// decreases. Pure: the caller gives the local time (monotonic seconds) and the target.
public struct ClockSlew: Sendable, Equatable {
    /// The fastest the correction may shrink: seconds of correction per second of local time.
    public static let maximumBackwardRate = 0.5

    /// The correction applied now, in seconds (race clock minus this machine's clock).
    public private(set) var applied: TimeInterval = 0
    /// The local time of the last step, in seconds; nil before the first.
    public private(set) var lastLocal: TimeInterval?

    /// No correction yet.
    public init() {}

    /// Moves the correction toward `target` at local time `local` and returns it. A `local` earlier than
    /// the last one is taken as the last one (no time passed), and a non-finite target is ignored.
    @discardableResult
    public mutating func advance(toward target: TimeInterval, atLocal local: TimeInterval) -> TimeInterval {
        let now = max(local, lastLocal ?? local)
        let passed = now - (lastLocal ?? now)
        lastLocal = now
        guard target.isFinite else { return applied }
        if target >= applied {
            applied = target
        } else {
            applied = max(target, applied - Self.maximumBackwardRate * passed)
        }
        return applied
    }

    /// The race clock's time at local time `local` (seconds), with the correction applied now.
    public func raceTime(atLocal local: TimeInterval) -> TimeInterval {
        max(local, lastLocal ?? local) + applied
    }
}
