@testable import Domain
import Foundation
import MateRunnerTesting
import Testing

@Suite("A run that stops on a mate's other terms tells that mate first")
struct TermsMismatchStateTests {
    @Test("in an agreed run, a mate's other speed-up heard before we ever published: ours goes out before we stop")
    func toldBeforeStopping() async throws {
        let (ana, bor) = (RaceSamples.runner(0xA1, "ana"), RaceSamples.runner(0xB2, "bor"))
        let network = InMemoryRaceNetwork()
        let clock = ManualRaceClock(start: RaceSamples.start)
        var configuration = RaceSessionConfiguration(me: ana, terms: RaceSamples.race100m, expectedMates: 0)
        configuration.matesAgreed = true
        let borLink = network.endpoint(for: bor.id)
        let (_, emit) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self)
        let state = RaceSessionState(configuration: configuration, clock: clock, sync: network.endpoint(for: ana.id), emit: emit)
        var fast = RaceSamples.race100m
        fast.speedup = 10

        await state.receive([RaceSamples.progress(bor, terms: fast, distance: 0)])
        #expect(network.counts.delivered == 1, "ana's state reached bor")
        // It goes on for the linger (a hello goes with every 4th publish), then the run ends with the difference.
        #expect(try await state.tick())
        clock.advance(by: configuration.mismatchLinger)
        #expect(try await state.tick() == false)
        await #expect(throws: RaceSessionError.self) { try await state.waitUntilOver() }
        var heard = borLink.updates().makeAsyncIterator()
        let told = try #require(network.counts.delivered == 1 ? await heard.next() : nil)
        #expect(told.runner == ana && told.terms == RaceSamples.race100m)
    }
}
