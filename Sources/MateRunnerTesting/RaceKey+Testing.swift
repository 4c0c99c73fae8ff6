import SyncWire

/// Race keys for tests: the real scrypt derivation at a cost small enough to derive hundreds per run
/// (the protocol's `ScryptCost.standard` takes a few hundred milliseconds, on purpose).
extension RaceKey {
    /// N = 2^4, r = 1, p = 1: scrypt's code path at almost no cost. Never for a real race.
    public static let testCost = ScryptCost(logN: 4, blockSize: 1, parallelism: 1)
    /// The race id tests salt their keys with unless they say otherwise.
    public static let testRaceID = "test race"

    /// The key of `passphrase` and `raceID` at `testCost`.
    public static func testing(_ passphrase: String, raceID: String = testRaceID) throws(RaceKeyError) -> RaceKey {
        try RaceKey(passphrase: passphrase, raceID: raceID, cost: testCost)
    }
}
