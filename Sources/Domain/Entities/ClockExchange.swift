import Foundation

/// One four-timestamp exchange with the race-clock host, as NTP does it: `t1` our ping left, `t2` the
/// host received it, `t3` the host answered, `t4` the answer arrived. `t1`/`t4` are on our clock,
/// `t2`/`t3` on the host's; all in seconds since 1970.
public struct ClockExchange: Sendable, Hashable {
    /// Our clock when the ping left.
    public var t1: TimeInterval
    /// The host's clock when the ping arrived.
    public var t2: TimeInterval
    /// The host's clock when the pong left.
    public var t3: TimeInterval
    /// Our clock when the pong arrived.
    public var t4: TimeInterval

    /// An exchange from its four timestamps.
    public init(t1: TimeInterval, t2: TimeInterval, t3: TimeInterval, t4: TimeInterval) {
        self.t1 = t1
        self.t2 = t2
        self.t3 = t3
        self.t4 = t4
    }

    /// θ = ((t2 − t1) + (t3 − t4)) / 2: the host's clock minus ours, exact when both legs take equally long.
    public var offset: TimeInterval { ((t2 - t1) + (t3 - t4)) / 2 }

    /// δ = (t4 − t1) − (t3 − t2): the round trip without the host's own time. The true offset lies within
    /// δ / 2 of `offset`, whatever the split between the two legs.
    public var delay: TimeInterval { (t4 - t1) - (t3 - t2) }

    /// Whether the timestamps can come from a real exchange: all finite, the host answered after it
    /// received, and the round trip took no negative time.
    public var isPlausible: Bool {
        [t1, t2, t3, t4].allSatisfy(\.isFinite) && t3 >= t2 && t4 >= t1 && delay >= 0
    }
}
