@testable import Application
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Synchronization
import Testing

/// What a run advertises once it starts (issue 18, item 5): `running` with the race's own public id, the
/// same on every runner of the race, never a random one per runner; no id at all in an open race.
@Suite("Run state announcer")
struct RunStateAnnouncerTests {
    @Test("running with the race id the transport gives (the same for every runner of the race), or none in an open race")
    func announcesTheRaceID() async throws {
        for raceID in ["3f1ca9e207bd5c44", nil] as [String?] {
            let (alice, bob) = (InMemoryMateDiscovery(), InMemoryMateDiscovery())
            for discovery in [alice, bob] {
                let announcer = RunStateAnnouncer(
                    wrapped: ScriptedLocationRepository(script: [], clock: ManualRaceClock()), discovery: discovery, raceID: { raceID }, logger: Logger(label: "test")
                )
                for try await _ in announcer.fixes() {}
            }
            for discovery in [alice, bob] {
                #expect(discovery.announcements.map(\.state) == [.running])
                #expect(discovery.announcements.map(\.raceID) == [raceID])
            }
        }
    }

    @Test("the race id is read when the run starts, not when the run is set up (an open race learns it from a mate's hello)")
    func readsAtStart() async throws {
        let current = Mutex<String?>(nil)
        let discovery = InMemoryMateDiscovery()
        let announcer = RunStateAnnouncer(
            wrapped: ScriptedLocationRepository(script: [], clock: ManualRaceClock()), discovery: discovery,
            raceID: { current.withLock { $0 } }, logger: Logger(label: "test")
        )
        current.withLock { $0 = "00000000000000b0" }
        for try await _ in announcer.fixes() {}
        #expect(discovery.announcements.map(\.raceID) == ["00000000000000b0"])
    }
}
