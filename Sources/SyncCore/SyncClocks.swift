import Foundation

/// The wall clock as one step of the peer state reads it: microseconds since 1970 (clock pings and
/// pongs, the boot epoch; docs/PROTOCOL.md, "Race clock" and "Restart and catch-up"). Passed in, so
/// that `PeerState` stays a pure value that tests drive with any time; read only when a step needs it.
/// The race clock is never read under the peer state's lock (the agreed race clock reads the sync's
/// estimate, under that lock): lobby messages get their instant from `PeerStateStore`, outside it.
/// The sync core never reads a clock itself: the real one is `SyncClocks()` in Data (`SyncClocks+Wall`).
package struct SyncClocks: Sendable {
    /// The wall clock, microseconds since 1970.
    package var microseconds: @Sendable () -> UInt64

    /// The given wall clock.
    package init(microseconds: @escaping @Sendable () -> UInt64) {
        self.microseconds = microseconds
    }

    /// `date` in whole microseconds since 1970 (0 before 1970).
    package static func microseconds(of date: Date) -> UInt64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard value.isFinite, value > 0 else { return 0 }
        return value < 1.8e19 ? UInt64(value) : UInt64.max
    }
}
