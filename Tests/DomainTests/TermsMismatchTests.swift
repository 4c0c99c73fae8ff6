import Domain
import Foundation
import MateRunnerTesting
import Testing

@Suite("A mate under other terms is named, and ends the wait in seconds")
struct TermsMismatchTests {
    let ana = RaceSamples.runner(0xA1, "ana")
    let bor = RaceSamples.runner(0xB2, "bor")

    @Test("each difference is said with both values, in the words of its option")
    func differences() throws {
        let one = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 1))
        let two = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 2))
        let mismatch = try #require(TermsMismatch(mate: "bob", theirs: two, ours: one))
        #expect(mismatch.description == "bob races 2.00 km, you 1.00 km")
        #expect(RaceSessionError.otherTerms(mismatch).description
            == "bob races 2.00 km, you 1.00 km: every runner must give the same --goal")

        let team = RaceTerms(mode: .team, goal: try RaceGoal(kilometres: 1), speedup: 10)
        let both = try #require(TermsMismatch(mate: "bob", theirs: team, ours: one))
        #expect(both.description == "bob runs a team run, you a race; bob runs at --speedup 10, you at 1")
        #expect(both.options == ["--mode", "--speedup"])
        #expect(TermsMismatch(mate: "bob", theirs: one, ours: one) == nil)
    }

    @Test("the speed-up is kept to thousandths, and terms kept before it existed read as 1x")
    func speedupTerms() throws {
        #expect(RaceTerms(mode: .race, goal: .standard, speedup: 2.00004).speedup == 2)
        #expect(RaceTerms(mode: .race, goal: .standard, speedup: 0.5).speedup == 1)
        let old = Data(#"{"mode":1,"goal":{"centimetres":100000}}"#.utf8)
        let decoded = try JSONDecoder().decode(RaceTerms.self, from: old)
        #expect(decoded.speedup == 1)
        let fast = RaceTerms(mode: .race, goal: .standard, speedup: 10)
        #expect(try JSONDecoder().decode(RaceTerms.self, from: JSONEncoder().encode(fast)) == fast)
    }

    @Test("two runners waiting for each other with other goals both say so, and stop after the grace, not the wait")
    func goalsDiffer() async throws {
        var harness = RaceHarness()
        let one = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 1))
        let two = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 2))
        harness.add(ana, speed: 5, fixes: 30, terms: one, expectedMates: 1) { $0.lobbyTimeout = 60 }
        harness.add(bor, speed: 5, fixes: 30, terms: two, expectedMates: 1) { $0.lobbyTimeout = 60 }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 30)

        #expect(harness.clock.now.timeIntervalSince(RaceSamples.start) < 10)
        let anaError = try #require(harness.recorders[0].failure as? RaceSessionError)
        let borError = try #require(harness.recorders[1].failure as? RaceSessionError)
        #expect(anaError.description.hasPrefix("bor races 2.00 km, you 1.00 km"), "\(anaError)")
        #expect(borError.description.hasPrefix("ana races 1.00 km, you 2.00 km"), "\(borError)")
        // While waiting, the screen already had it.
        let waiting = try #require(harness.recorders[0].snapshots.last { !$0.mismatches.isEmpty })
        #expect(waiting.mismatches.map(\.description) == ["bor races 2.00 km, you 1.00 km"])
        #expect(waiting.stage == .waitingForMates(heard: 0, expected: 1))
    }

    @Test("a runner of another race on the network does not end the wait when the expected mate comes")
    func anotherRaceBeside() async throws {
        var harness = RaceHarness()
        let two = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: 2))
        harness.add(ana, speed: 5, fixes: 30, expectedMates: 1) { $0.lobbyTimeout = 60 }
        harness.add(bor, speed: 5, fixes: 30, expectedMates: 1) { $0.lobbyTimeout = 60 }
        let stranger = RaceSamples.runner(0x99, "stranger")
        await harness.network.endpoint(for: stranger.id).publish(RaceSamples.progress(stranger, terms: two, distance: 0))
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        for recorder in harness.recorders {
            #expect(recorder.failure == nil)
            #expect(recorder.last?.stage == .complete)
        }
    }

    @Test("in a run whose runners were agreed (invited), another speed-up ends the run at once, naming both")
    func agreedSpeedupDiffers() async throws {
        var harness = RaceHarness()
        let slow = RaceSamples.race100m
        var fast = RaceSamples.race100m
        fast.speedup = 10
        harness.add(ana, speed: 5, fixes: 30, terms: fast, expectedMates: 0) { $0.matesAgreed = true }
        harness.add(bor, speed: 5, fixes: 30, terms: slow, expectedMates: 0) { $0.matesAgreed = true }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd(maxSeconds: 30)

        #expect(harness.clock.now.timeIntervalSince(RaceSamples.start) < 5)
        let borError = try #require(harness.recorders[1].failure as? RaceSessionError)
        #expect(borError.description == "ana runs at --speedup 10, you at 1: every runner must give the same --speedup")
        let anaError = try #require(harness.recorders[0].failure as? RaceSessionError)
        #expect(anaError.description.hasPrefix("bor runs at --speedup 1, you at 10"))
    }
}
