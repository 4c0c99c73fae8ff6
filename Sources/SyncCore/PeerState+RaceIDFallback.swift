import SyncWire

// MARK: Falling back to the previous UTC day's race id (docs/PROTOCOL.md, "Race key")

extension PeerState {
    /// `bytes`, which failed as bad-tag under our key, decoded under the previous UTC day's key once that
    /// is derived; that key is then ours for sending and checking (the mates started before midnight
    /// UTC), and `effects.adoptedRaceID` says so. Nil otherwise: without a defaulted race id, while the
    /// key is derived (the first failure asks for it: `effects.previousDayWanted`), or when the datagram
    /// fails under it too (a bad-tag as before).
    mutating func decodeUnderPreviousDay(_ bytes: [UInt8], into effects: inout InboundEffects) -> SyncDatagram? {
        guard var fallback = raceIDFallback else { return nil }
        switch fallback.stage {
        case .idle:
            fallback.stage = .deriving
            raceIDFallback = fallback
            effects.previousDayWanted = fallback.previousDay
            return nil
        case .deriving:
            return nil
        case .derived(let earlier):
            guard let datagram = try? SyncDatagramCodec.decode(bytes, key: earlier) else { return nil }
            // The earlier key from now on, and no further fallback (never forward again, never two days back).
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
            raceIDFallback?.stage = .derived(earlier)
        } else {
            raceIDFallback = nil
        }
    }
}
