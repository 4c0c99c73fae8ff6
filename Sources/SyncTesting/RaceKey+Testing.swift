import Foundation
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

    /// The key of `passphrase` and the race id defaulted at `date` (`materunner-YYYY-MM-DD`, which falls
    /// back to the previous UTC day's: `previousDay`) at `testCost`.
    public static func testing(_ passphrase: String, defaultRaceIDAt date: Date) throws(RaceKeyError) -> RaceKey {
        try RaceKey(passphrase: passphrase, defaultRaceIDAt: date, cost: testCost)
    }

    /// 2026-11-23 23:50 UTC: a race started ten minutes before midnight UTC (race id `materunner-2026-11-23`).
    public static let beforeMidnight = Date(timeIntervalSince1970: 1_795_477_800)
    /// 2026-11-24 00:10 UTC: twenty minutes later, after midnight UTC (race id `materunner-2026-11-24`).
    public static let afterMidnight = beforeMidnight.addingTimeInterval(20 * 60)
}
