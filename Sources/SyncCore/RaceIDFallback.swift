import SyncWire

/// Where a runner whose race id was defaulted stands with the previous UTC day's (`PreviousDayRaceKey`):
/// nothing asked yet, its key being derived (off the receive path, once), or derived and tried on every
/// datagram that fails as bad-tag until one authenticates under it (docs/PROTOCOL.md, "Race key").
struct RaceIDFallback: Sendable {
    /// How far the previous day's key is.
    enum Stage: Sendable {
        /// No datagram failed as bad-tag yet: nothing derived.
        case idle
        /// One did: its derivation is under way.
        case deriving
        /// Derived: tried on each datagram that fails under our key.
        case derived(RaceKey)
    }

    /// The previous day's race id and how to derive its key.
    let previousDay: PreviousDayRaceKey
    var stage = Stage.idle
}
