import SyncWire

/// Where a runner whose race id was defaulted stands with the previous UTC day's (`PreviousDayRaceKey`):
/// nothing asked yet, its key being derived (off the receive path, once), or derived and tried on every
/// datagram that fails as bad-tag until one authenticates under it (docs/PROTOCOL.md, "Race key"). A
/// state machine of its own (`badTag`, `derived`); the peer state adopts the key it yields.
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

    /// What a datagram that failed as bad-tag under our key leads to.
    enum Step: Sendable {
        /// The first one: derive the previous day's key (once, off the receive path), then `derived`.
        case derive(PreviousDayRaceKey)
        /// Refused as before: the key is being derived, or the datagram fails under it too.
        case refused
        /// It authenticates under the previous day's key, `key` from now on (the mates started before
        /// midnight UTC); never further back, never forward again.
        case adopted(SyncDatagram, key: RaceKey)
    }

    /// The previous day's race id and how to derive its key.
    let previousDay: PreviousDayRaceKey
    private(set) var stage = Stage.idle

    init(previousDay: PreviousDayRaceKey) {
        self.previousDay = previousDay
    }

    /// `bytes` failed as bad-tag under our key: what follows, by the stage.
    mutating func badTag(_ bytes: [UInt8]) -> Step {
        switch stage {
        case .idle:
            stage = .deriving
            return .derive(previousDay)
        case .deriving:
            return .refused
        case .derived(let earlier):
            guard let datagram = try? SyncDatagramCodec.decode(bytes, key: earlier) else { return .refused }
            return .adopted(datagram, key: earlier)
        }
    }

    /// The previous day's key, derived.
    mutating func derived(_ earlier: RaceKey) {
        stage = .derived(earlier)
    }
}
