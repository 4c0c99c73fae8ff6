import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// A defaulted race id's fallback: the previous UTC day's default race id with the same passphrase
/// (docs/PROTOCOL.md, "Race key"); a given race id has none.
@Suite("Race key: the previous UTC day's race id")
struct PreviousDayRaceKeyTests {
    @Test("a defaulted race id is today's key, and falls back to the previous UTC day's id with the same passphrase")
    func previousDay() throws {
        let today = try RaceKey.testing("dawn run", defaultRaceIDAt: RaceKey.afterMidnight)
        #expect(today.publicID == (try RaceKey.testing("dawn run", raceID: "materunner-2026-11-24")).publicID)
        let previousDay = try #require(today.previousDay)
        #expect(previousDay.raceID == "materunner-2026-11-23")
        let earlier = try previousDay.derive()
        #expect(earlier.publicID == (try RaceKey.testing("dawn run", raceID: "materunner-2026-11-23")).publicID)
        #expect(earlier.publicID == (try RaceKey.testing("dawn run", defaultRaceIDAt: RaceKey.beforeMidnight)).publicID)
        #expect(earlier.previousDay == nil, "one day back, never two")
    }

    @Test("a race id given never falls back")
    func givenRaceID() throws {
        #expect(try RaceKey.testing("dawn run", raceID: "materunner-2026-11-24").previousDay == nil)
        #expect(try RaceKey(derivedKeyBytes: Array(repeating: 7, count: 32)).previousDay == nil)
    }

    @Test("the day before the first of a month and of a year")
    func monthAndYear() throws {
        let newYear = Date(timeIntervalSince1970: 1_798_761_600) // 2027-01-01T00:00:00Z
        #expect(try RaceKey.testing("x", defaultRaceIDAt: newYear).previousDay?.raceID == "materunner-2026-12-31")
        let march = Date(timeIntervalSince1970: 1_803_859_200 + 3_599) // 2027-03-01T00:59:59Z
        #expect(try RaceKey.testing("x", defaultRaceIDAt: march).previousDay?.raceID == "materunner-2027-02-28")
    }
}
