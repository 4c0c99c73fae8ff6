import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Whole runs in memory: sessions on an in-memory network (clean or lossy) and one manual clock,
/// driven second by second until every snapshot stream ends. Nothing sleeps for real.
@Suite("RaceSession end to end in memory")
struct RaceSessionTests {
    /// The app's own timings: lost after 10 s of silence; with the result, keep answering mates that
    /// lack it for up to 30 s. A finished mate is never shown lost by a slower peer.
    static let appTimings: @Sendable (inout RaceSessionConfiguration) -> Void = {
        $0.lostAfter = 10
        $0.resultLinger = 30
    }

    let ana = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")
    let cvet = RaceSamples.runner(0xC3, "cvet")

    /// Every peer ended cleanly on a complete result, and all results are the same.
    private func expectAgreement(_ harness: RaceHarness) throws -> RaceStandings {
        for recorder in harness.recorders {
            #expect(recorder.failure == nil, "\(recorder.name) failed: \(String(describing: recorder.failure))")
            #expect(recorder.last?.stage == .complete, "\(recorder.name) ended on \(String(describing: recorder.last?.stage))")
            let stages = recorder.snapshots.map(\.stage.order)
            #expect(stages == stages.sorted(), "\(recorder.name)'s stages went backwards: \(stages)")
        }
        let finals = try harness.recorders.map { try #require($0.last?.standings) }
        let first = try #require(finals.first)
        for (recorder, final) in zip(harness.recorders, finals) {
            #expect(final == first, "\(recorder.name) disagrees: \(final.standings) vs \(first.standings)")
        }
        #expect(first.isComplete)
        #expect(first.standings.allSatisfy { $0.phase == .finished && !$0.isLost })
        #expect(first.winner?.runner == first.standings.first?.runner)
        return first
    }

    @Test("two runners on a clean network agree: the faster wins, finish times are goal / speed")
    func twoRunnersClean() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1)
        harness.add(bor, speed: 4, fixes: 40, expectedMates: 1)
        harness.start()
        defer { harness.cancelAll() }
        // Both hear each other before the clock moves, so both start at the clock's start.
        try await waitUntil("both sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        try await harness.runToEnd()

        let final = try expectAgreement(harness)
        #expect(final.standings.map(\.runner) == [ana, bor])
        #expect(final.winner?.runner == ana)
        let finishTimes = final.standings.map { $0.finishTime ?? -1 }
        #expect(abs(finishTimes[0] - 20) <= 0.001)
        #expect(abs(finishTimes[1] - 25) <= 0.001)
        for standing in final.standings {
            #expect(standing.distance >= 100 && standing.distance <= 105.01)
            #expect(standing.progress == 1)
        }
        for recorder in harness.recorders {
            #expect(recorder.last?.startedAt == RaceSamples.start)
            let mine = recorder.snapshots.compactMap { $0.mine?.distance }
            #expect(mine == mine.sorted(), "\(recorder.name)'s own distance went backwards")
        }
        #expect(harness.recorders[0].last?.mine?.runner == ana)
        #expect(harness.recorders[1].last?.mine?.runner == bor)
    }

    @Test("three runners on a clean network agree on the order 5 m/s, 4.5 m/s, 4 m/s")
    func threeRunnersClean() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 4, fixes: 40, expectedMates: 2)
        harness.add(bor, speed: 5, fixes: 40, expectedMates: 2)
        harness.add(cvet, speed: 4.5, fixes: 40, expectedMates: 2)
        harness.start()
        defer { harness.cancelAll() }
        try await waitUntil("all three sessions to start running") {
            harness.recorders.allSatisfy { $0.snapshots.contains { $0.stage == .running } }
        }
        try await harness.runToEnd()

        let final = try expectAgreement(harness)
        #expect(final.standings.map(\.runner) == [bor, cvet, ana])
        let finishTimes = final.standings.map { $0.finishTime ?? -1 }
        for (finish, expected) in zip(finishTimes, [20, 100 / 4.5, 25]) {
            #expect(abs(finish - expected) <= 0.001)
        }
    }

    @Test(
        "three runners on a lossy network (loss 0.3, duplicate 0.05, reorder 0.25) still agree",
        arguments: [1, 2, 3, 4, 5] as [UInt64]
    )
    func threeRunnersWithFaults(seed: UInt64) async throws {
        var harness = RaceHarness(faults: .init(loss: 0.3, duplicate: 0.05, reorder: 0.25, seed: seed))
        harness.add(ana, speed: 4, fixes: 40, expectedMates: 2, configure: Self.appTimings)
        harness.add(bor, speed: 5, fixes: 40, expectedMates: 2, configure: Self.appTimings)
        harness.add(cvet, speed: 4.5, fixes: 40, expectedMates: 2, configure: Self.appTimings)
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        let final = try expectAgreement(harness)
        #expect(Set(final.standings.map(\.runner)) == [ana, bor, cvet])
        #expect(final.standings.allSatisfy { ($0.finishTime ?? .infinity) <= 25 })
        #expect(harness.network.counts.dropped > 0)
    }

    @Test("two runners on a lossy network agree", arguments: [10, 11, 12] as [UInt64])
    func twoRunnersWithFaults(seed: UInt64) async throws {
        var harness = RaceHarness(faults: .init(loss: 0.3, duplicate: 0.05, reorder: 0.25, seed: seed))
        harness.add(ana, speed: 5, fixes: 40, expectedMates: 1, configure: Self.appTimings)
        harness.add(bor, speed: 4, fixes: 40, expectedMates: 1, configure: Self.appTimings)
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        let final = try expectAgreement(harness)
        #expect(Set(final.standings.map(\.runner)) == [ana, bor])
    }

    @Test("alone in single mode (no mates expected) the run starts at once and completes")
    func singleMode() async throws {
        var harness = RaceHarness()
        let single = RaceTerms(mode: .single, goal: RaceSamples.race100m.goal)
        harness.add(ana, speed: 5, fixes: 30, terms: single, expectedMates: 0)
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        let recorder = harness.recorders[0]
        #expect(recorder.failure == nil)
        #expect(recorder.snapshots.first?.stage == .running)
        #expect(recorder.snapshots.allSatisfy { $0.stage != .waitingForMates(heard: 0, expected: 0) })
        let last = try #require(recorder.last)
        #expect(last.stage == .complete)
        #expect(last.startedAt == RaceSamples.start)
        #expect(last.standings.terms == single)
        #expect(last.standings.standings.map(\.runner) == [ana])
        #expect(abs((last.mine?.finishTime ?? -1) - 20) <= 0.001)
        #expect(last.standings.winner?.runner == ana)
    }

    @Test("on a sped-up race clock the wait is said in real seconds")
    func lobbyTimeoutSpedUp() async throws {
        var harness = RaceHarness()
        // 10 race seconds at speed-up 20: half a real second.
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1) {
            $0.lobbyTimeout = 10
            $0.speedup = 20
        }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 30)
        let error = try #require(harness.recorders[0].failure as? RaceSessionError)
        #expect(error == .matesDidNotShowUp(heard: 0, expected: 1, waited: 0.5))
        #expect(error.description.hasPrefix("heard from 0 of 1 mate(s) in 1 s:"), "\(error)")
    }

    @Test("the lobby gives up after its timeout: matesDidNotShowUp")
    func lobbyTimeout() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1) { $0.lobbyTimeout = 10 }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 30)

        let recorder = harness.recorders[0]
        let error = try #require(recorder.failure as? RaceSessionError)
        #expect(error == .matesDidNotShowUp(heard: 0, expected: 1, waited: 10))
        #expect(error.description.contains("--peer HOST:PORT"))
        #expect(!recorder.snapshots.isEmpty)
        #expect(recorder.snapshots.allSatisfy { $0.stage == .waitingForMates(heard: 0, expected: 1) && $0.startedAt == nil })
        #expect(harness.clock.now.timeIntervalSince(RaceSamples.start) > 10)
    }

    @Test("two runners waiting for a third that never comes both give up, each having heard one mate")
    func lobbyTimeoutPartial() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 2) { $0.lobbyTimeout = 5 }
        harness.add(bor, speed: 5, fixes: 30, expectedMates: 2) { $0.lobbyTimeout = 5 }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 30)

        for recorder in harness.recorders {
            #expect(recorder.failure as? RaceSessionError == .matesDidNotShowUp(heard: 1, expected: 2, waited: 5))
            #expect(recorder.last?.stage == .waitingForMates(heard: 1, expected: 2))
        }
    }

    @Test("a position source that ends before the goal fails the run: positionSourceEnded")
    func positionSourceEnds() async throws {
        var harness = RaceHarness()
        let single = RaceTerms(mode: .single, goal: RaceSamples.race100m.goal)
        harness.add(ana, speed: 5, fixes: 5, terms: single, expectedMates: 0)
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 60)

        let error = try #require(harness.recorders[0].failure as? RaceSessionError)
        guard case .positionSourceEnded(let end) = error else {
            Issue.record("expected positionSourceEnded, got \(error)")
            return
        }
        #expect(abs(end.distance - 20) < 0.01)
        #expect(end.usedFixes == 5 && end.dropped.isEmpty)
        #expect(error.description.contains("ended at 20 m, before the goal (5 fix(es) used)"))
        #expect(harness.recorders[0].last?.stage == .running)
    }

    @Test("a mate that goes silent is shown lost, comes back when heard again, and is not waited for")
    func lostMate() async throws {
        var harness = RaceHarness()
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1) { $0.lostAfter = 5 }
        let ghost = RaceSamples.runner(0x60, "ghost")
        let ghostLink = harness.network.endpoint(for: ghost.id)
        harness.start()
        defer { harness.cancelAll() }
        await ghostLink.publish(RaceSamples.progress(ghost, sequence: 1, phase: .waiting))
        try await waitUntil("ana to start running") {
            harness.recorders[0].snapshots.contains { $0.stage == .running }
        }
        let recorder = harness.recorders[0]
        func ghostIsLost() -> Bool? { recorder.last?.standings.standing(of: ghost.id)?.isLost }

        await harness.advance(seconds: 8)
        await harness.settle()
        #expect(ghostIsLost() == true, "the ghost, silent for 8 s, is not shown lost")

        await ghostLink.publish(RaceSamples.progress(ghost, sequence: 2, elapsed: 8, distance: 10))
        try await waitUntil("the ghost to come back") { ghostIsLost() == false }
        #expect(recorder.last?.standings.standing(of: ghost.id)?.distance == 10)

        try await harness.runToEnd()
        let last = try #require(recorder.last)
        #expect(recorder.failure == nil)
        #expect(last.stage == .complete)
        #expect(last.standings.standings.map(\.runner) == [ana, ghost])
        #expect(last.standings.standings.map(\.isLost) == [false, true])
        #expect(last.standings.winner?.runner == ana)
    }

    @Test("updates from a run under other terms are named in the snapshot, never ranked")
    func otherTermsRunners() async throws {
        var harness = RaceHarness()
        let single = RaceTerms(mode: .single, goal: RaceSamples.race100m.goal)
        harness.add(ana, speed: 5, fixes: 30, terms: single, expectedMates: 0)
        let stranger = RaceSamples.runner(0x99, "stranger")
        let strangerLink = harness.network.endpoint(for: stranger.id)
        await strangerLink.publish(RaceSamples.progress(stranger, terms: RaceTerms(mode: .race, goal: .standard), distance: 50))
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        let last = try #require(harness.recorders[0].last)
        #expect(last.stage == .complete)
        #expect(last.otherTermsRunners == ["stranger"])
        #expect(last.standings.standings.map(\.runner) == [ana])
    }
}
