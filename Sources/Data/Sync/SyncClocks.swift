import Foundation

/// The clocks one step of the peer state reads: the wall clock in microseconds since 1970 (clock pings
/// and pongs, the boot epoch; docs/PROTOCOL.md, "Race clock" and "Restart and catch-up") and the race
/// clock (the instants of lobby messages). Passed in, so that `PeerState` stays a pure value that tests
/// drive with any time; read lazily, as most datagrams need neither.
struct SyncClocks {
    /// The wall clock, microseconds since 1970.
    var microseconds: () -> UInt64
    /// The race clock's now.
    var raceNow: () -> Date

    /// The given clocks.
    init(microseconds: @escaping () -> UInt64 = SyncClocks.wallMicroseconds, raceNow: @escaping () -> Date) {
        self.microseconds = microseconds
        self.raceNow = raceNow
    }

    /// The real wall clock, in whole microseconds since 1970 (0 for a clock set before 1970).
    static func wallMicroseconds() -> UInt64 {
        UInt64(max(0, (Date().timeIntervalSince1970 * 1_000_000).rounded()))
    }
}
