@testable import Application
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Synchronization
import Testing

/// What a run advertises once it starts: `running` with the race's own public id, the
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

    @Test("a race id that changes during the run is advertised again, before the next fix (a runner restarted after midnight UTC adopts its mates' earlier race id); never back to none")
    func announcesAChangedRaceID() async throws {
        let current = Mutex<String?>("1111111111111111")
        let discovery = InMemoryMateDiscovery()
        let (fixes, feed) = AsyncThrowingStream.makeStream(of: Fix.self)
        let announcer = RunStateAnnouncer(
            wrapped: FedLocation(feed: fixes), discovery: discovery, raceID: { current.withLock { $0 } }, logger: Logger(label: "test")
        )
        var iterator = announcer.fixes().makeAsyncIterator()
        let fix = Fix(coordinate: Coordinate(latitude: 46.0, longitude: 14.5), timestamp: Date(timeIntervalSince1970: 0))
        feed.yield(fix)
        _ = try await iterator.next()
        #expect(discovery.announcements.map(\.raceID) == ["1111111111111111"])
        current.withLock { $0 = "2222222222222222" }
        feed.yield(fix)
        _ = try await iterator.next()
        current.withLock { $0 = nil }
        feed.yield(fix)
        _ = try await iterator.next()
        feed.finish()
        #expect(try await iterator.next() == nil)
        #expect(discovery.announcements.map(\.raceID) == ["1111111111111111", "2222222222222222"])
        #expect(discovery.announcements.map(\.state) == [.running, .running])
    }
}

/// Fixes as the test feeds them.
private struct FedLocation: LocationRepository {
    let feed: AsyncThrowingStream<Fix, any Error>

    func statuses() -> AsyncStream<PositionStatus> {
        PositionStatus.constant(PositionStatus(source: .gpsd, state: .fix3D))
    }

    func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        feed
    }
}
