import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Whole runs in memory for the rules the live session carries beyond a race: team mode, where the
/// group finishes on the sum of distances, and a runner cancelling while the others go on.
@Suite("RaceSession: team mode and cancel")
struct TeamAndCancelSessionTests {
    let ana = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")
    let team100m = RaceTerms(mode: .team, goal: RaceGoal(centimetres: 10_000))

    @Test("a team of two reaches 100 m together on the sum of distances, and both peers agree")
    func teamRun() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 40, terms: team100m, expectedMates: 1)
        harness.add(bor, speed: 4, fixes: 40, terms: team100m, expectedMates: 1)
        harness.start()
        defer { harness.cancelAll() }
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        try await harness.runToEnd()

        let finals = try harness.recorders.map { try #require($0.last?.standings) }
        #expect(finals[0] == finals[1])
        let final = try #require(finals.first)
        #expect(final.isComplete)
        #expect(final.standings.allSatisfy { $0.phase == .finished })
        let team = try #require(final.team)
        #expect(team.reachedGoal)
        #expect(team.contributions.values.reduce(0, +) == 10_000)
        // 9 m a second together: 100 m after about 11 s; neither ran alone to 100 m.
        #expect(team.distance >= 100 && team.distance < 120)
        #expect(final.standings.allSatisfy { $0.distance < 70 })
        #expect(team.contributions[ana.id, default: 0] > team.contributions[bor.id, default: 0])
    }

    @Test("a runner who cancels is marked and out of the ranking; the mate goes on to finish")
    func cancelMidRun() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 40, expectedMates: 1)
        harness.add(bor, speed: 4, fixes: 40, expectedMates: 1)
        harness.start()
        defer { harness.cancelAll() }
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        await harness.advance(seconds: 5)
        await harness.settle()
        await harness.sessions[0].cancel()
        try await harness.runToEnd()

        let anaLast = try #require(harness.recorders[0].last)
        #expect(harness.recorders[0].failure == nil)
        #expect(anaLast.mine?.phase == .cancelled)
        #expect(anaLast.mine?.rank == Standing.unranked)
        let borFinal = try #require(harness.recorders[1].last?.standings)
        #expect(harness.recorders[1].failure == nil)
        #expect(borFinal.isComplete)
        #expect(borFinal.winner?.runner == bor)
        #expect(borFinal.standing(of: ana.id)?.isCancelled == true)
        #expect(borFinal.standing(of: ana.id)?.isLost == false)
        let anaDistance = try #require(borFinal.standing(of: ana.id)?.distance)
        #expect(anaDistance > 0 && anaDistance < 100)
    }

    @Test("cancel before the run exists, and after it is over, does nothing")
    func cancelOutsideARun() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 30, terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 5_000)), expectedMates: 0)
        let early = RaceSession(
            configuration: RaceSessionConfiguration(me: ana, terms: RaceSamples.race100m, expectedMates: 1),
            location: ScriptedLocationRepository(script: [], clock: harness.clock),
            sync: harness.network.endpoint(for: RunnerID(rawValue: 99)), clock: harness.clock
        )
        await early.cancel()
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()
        await harness.sessions[0].cancel()
        let last = try #require(harness.recorders[0].last)
        #expect(last.stage == .complete)
        #expect(last.mine?.phase == .finished)
    }
}
