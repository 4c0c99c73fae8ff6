/// The way back, for a runner whose race id was defaulted (`RaceKey.defaultRaceID(at:)`, no `--race-id`),
/// to mates who started the race the UTC day before: the previous day's default race id and the same
/// passphrase. Derived only once mates' datagrams fail as bad-tag (scrypt is slow: never per datagram,
/// never on the receive path), and adopted once one of their datagrams authenticates under it
/// (docs/PROTOCOL.md, "Race key"). Only ever one day back: the later-dated runner moves to the earlier
/// race id, never the other way, so two runners on either side of midnight UTC converge.
public struct PreviousDayRaceKey: Sendable {
    /// The previous UTC day's default race id, e.g. `materunner-2026-11-23`.
    public let raceID: String
    /// The race's passphrase, kept for this one derivation.
    private let passphrase: String
    /// The scrypt cost of the key it falls back from.
    private let cost: ScryptCost

    init(raceID: String, passphrase: String, cost: ScryptCost) {
        self.raceID = raceID
        self.passphrase = passphrase
        self.cost = cost
    }

    /// The key of the same passphrase and `raceID`, at the same cost (slow on purpose, like every
    /// passphrase key). It falls back no further.
    public func derive() throws(RaceKeyError) -> RaceKey {
        try RaceKey(passphrase: passphrase, raceID: raceID, cost: cost)
    }
}
