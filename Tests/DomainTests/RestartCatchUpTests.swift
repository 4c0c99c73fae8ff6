import Domain
import Foundation
import MateRunnerTesting
import Testing

/// A peer restarted mid-race takes its race back from the state its mates held about it.
@Suite("Restart catch-up")
struct RestartCatchUpTests {
    let ana = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")

    // MARK: The rule

    @Test("a running base: distance and time go on from it, sequence above it, new metres on top")
    func runningBase() throws {
        var catchUp = RestartCatchUp()
        let own = RaceSamples.progress(ana, sequence: 3, elapsed: 4, distance: 12)
        let relayed = RaceSamples.progress(ana, sequence: 500, elapsed: 60, distance: 250)
        let resumedAdopted = catchUp.adopt(relayed, into: own)
        let resumed = try #require(resumedAdopted)
        #expect(resumed.sequence == 501)
        #expect(resumed.phase == .running)
        #expect(resumed.distance == 262)
        #expect(resumed.elapsed == 64)
        #expect(catchUp.distanceBase == 250 && catchUp.elapsedBase == 60)
    }

    @Test("a later relay re-bases, keeping what this process ran; an older or equal one changes nothing")
    func laterAndOlderRelays() throws {
        var catchUp = RestartCatchUp()
        let firstAdopted = catchUp.adopt(RaceSamples.progress(ana, sequence: 400, elapsed: 50, distance: 200), into: RaceSamples.progress(ana, sequence: 2, elapsed: 2, distance: 5))
        let first = try #require(firstAdopted)
        #expect(first.distance == 205)
        let secondAdopted = catchUp.adopt(RaceSamples.progress(ana, sequence: 420, elapsed: 55, distance: 220), into: first)
        let second = try #require(secondAdopted)
        #expect(second.distance == 225 && second.elapsed == 57 && second.sequence == 421)
        #expect(catchUp.adopt(RaceSamples.progress(ana, sequence: 410, elapsed: 52, distance: 210), into: second) == nil)
        #expect(catchUp.adopt(RaceSamples.progress(ana, sequence: 420, elapsed: 55, distance: 220), into: second) == nil)
    }

    @Test("a final base is taken as it is; a waiting one, another runner's, other terms or a final own state are not")
    func finalAndRefused() throws {
        var catchUp = RestartCatchUp()
        let own = RaceSamples.progress(ana, sequence: 2, phase: .running, elapsed: 3, distance: 9)
        let finished = RaceSamples.finished(ana, at: 80)
        let resumedAdopted = catchUp.adopt(RaceSamples.progress(ana, sequence: 9, phase: .finished, elapsed: 81, distance: 100, finishTime: 80), into: own)
        let resumed = try #require(resumedAdopted)
        #expect(resumed.phase == .finished && resumed.finishTime == 80 && resumed.distance == 100)
        #expect(catchUp.distanceBase == 0, "a final base adds nothing to new fixes: there are none")
        var fresh = RestartCatchUp()
        #expect(fresh.adopt(RaceSamples.progress(ana, sequence: 9, phase: .waiting), into: own) == nil)
        #expect(fresh.adopt(RaceSamples.progress(bor, sequence: 9, distance: 50), into: own) == nil)
        let otherTerms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 20_000))
        #expect(fresh.adopt(RaceSamples.progress(ana, terms: otherTerms, sequence: 9, distance: 50), into: own) == nil)
        #expect(fresh.adopt(RaceSamples.progress(ana, sequence: 9, distance: 50), into: finished) == nil)
        #expect(fresh.base == nil)
    }

    // MARK: In a session

    @Test("killed mid-race and restarted: the runner goes on from where its mate last heard it, both agree")
    func restartedSession() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 4, fixes: 60, expectedMates: 1)
        harness.add(bor, speed: 3, fixes: 60, expectedMates: 1)
        harness.start()
        defer { harness.cancelAll() }
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        await harness.advance(seconds: 8)
        await harness.settle()
        // ana's process dies: its session stops, nothing more is sent.
        let before = try #require(harness.recorders[1].last?.standings.standing(of: ana.id)?.distance)
        #expect(before > 20)
        harness.tasks[0].cancel()
        await harness.advance(seconds: 3)
        // It comes back with the same runner id, and its mate sends back what it held.
        harness.addRestarted(ana, speed: 4, fixes: 60, expectedMates: 1)
        harness.start()
        try await harness.runToEnd()

        let restarted = try #require(harness.recorders[2].last?.standings)
        let mate = try #require(harness.recorders[1].last?.standings)
        #expect(restarted == mate)
        #expect(mate.isComplete)
        #expect(mate.winner?.runner == ana, "ana, faster, still wins after losing 3 s")
        let anaFinal = try #require(mate.standing(of: ana.id))
        #expect(anaFinal.phase == .finished && anaFinal.distance >= before)
        // Once the restarted session has its base back, its own distance never goes below it.
        let own = harness.recorders[2].snapshots.compactMap { $0.standings.standing(of: ana.id)?.distance }
        #expect(own.drop { $0 < before }.allSatisfy { $0 >= before })
        #expect(own.last.map { $0 >= before } == true)
    }
}
