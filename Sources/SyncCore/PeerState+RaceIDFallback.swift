import SyncWire

// MARK: Falling back to the previous UTC day's race id (docs/PROTOCOL.md, "Race key")

extension PeerState {
    /// `bytes`, which failed as bad-tag under our key, decoded under the previous UTC day's key once that
    /// is derived (`RaceIDFallback`); that key is then ours for sending and checking (the mates started
    /// before midnight UTC), and `effects.adoptedRaceID` says so. Nil otherwise: without a defaulted race
    /// id, while the key is derived (the first failure asks for it: `effects.previousDayWanted`), or when
    /// the datagram fails under it too (a bad-tag as before).
    mutating func decodeUnderPreviousDay(_ bytes: [UInt8], into effects: inout InboundEffects) -> SyncDatagram? {
        guard var fallback = raceIDFallback else { return nil }
        let step = fallback.badTag(bytes)
        raceIDFallback = fallback
        switch step {
        case .derive(let previousDay):
            effects.previousDayWanted = previousDay
            return nil
        case .refused:
            return nil
        case let .adopted(datagram, earlier):
            key = earlier
            raceIDFallback = nil
            effects.adoptedRaceID = fallback.previousDay.raceID
            return datagram
        }
    }

    /// The previous day's key, derived off the receive path (nil: the derivation failed, and the race id
    /// stays).
    package mutating func previousDayDerived(_ earlier: RaceKey?) {
        guard raceIDFallback != nil else { return }
        if let earlier {
            raceIDFallback?.derived(earlier)
        } else {
            raceIDFallback = nil
        }
    }
}
