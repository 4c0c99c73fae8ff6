import Domain
import SyncWire

/// The limits on restart catch-up (docs/PROTOCOL.md, "Restart and catch-up"): a forged boot must not be
/// able to plant a future epoch. (A relayed state about our own runner is never adopted at all.)
enum CatchUpRules {
    /// How far a boot's epoch may be ahead of our wall clock (µs, 120 s): the machines' clocks must
    /// agree that closely (NTP on a LAN does). A boot further ahead is refused (`boot-ahead`), so it
    /// cannot make the real restart's epoch look old.
    static let bootSkew: UInt64 = 120_000_000
}
