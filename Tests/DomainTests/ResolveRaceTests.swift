import Domain
import MateRunnerTesting
import Testing

/// The ranking rule: finished runners by finish time, then the others by distance, exact ties by
/// runner id (lowest first); the same input in any order gives the same standings.
@Suite("ResolveRace")
struct ResolveRaceTests {
    let ana = RaceSamples.runner(0x30, "ana")
    let bor = RaceSamples.runner(0x10, "bor")
    let cvet = RaceSamples.runner(0x20, "cvet")
    let dan = RaceSamples.runner(0x40, "dan")

    private func order(_ progress: [RunnerProgress], lost: Set<RunnerID> = []) -> [String] {
        ResolveRace.standings(of: progress, terms: RaceSamples.race100m, lost: lost).standings.map(\.runner.name)
    }

    @Test("finished runners rank by finish time, earliest first")
    func finishTimeOrder() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.finished(ana, at: 30), RaceSamples.finished(bor, at: 20.5), RaceSamples.finished(cvet, at: 25)],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.runner.name) == ["bor", "cvet", "ana"])
        #expect(standings.standings.map(\.rank) == [1, 2, 3])
        #expect(standings.winner?.runner == bor)
        #expect(standings.leader?.runner == bor)
        #expect(standings.isComplete)
    }

    @Test("with ghostsLast (an open race) a ghost that finished first ranks behind every runner who ran; without, it leads")
    func ghostsLast() {
        let ghost = Runner(id: RunnerID(rawValue: 0x99), name: "stranger's best", isGhost: true)
        let progress = [RaceSamples.finished(ghost, at: 10), RaceSamples.progress(ana, elapsed: 20, distance: 60),
                        RaceSamples.finished(bor, at: 25)]
        let open = ResolveRace.standings(of: progress, terms: RaceSamples.race100m, ghostsLast: true)
        #expect(open.standings.map(\.runner.name) == ["bor", "ana", "stranger's best"])
        #expect(open.standings.map(\.rank) == [1, 2, 3])
        #expect(open.leader?.runner == bor)
        let keyed = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(keyed.standings.map(\.runner.name) == ["stranger's best", "bor", "ana"])
    }

    @Test("every finished runner ranks before every runner still running, however far")
    func finishedBeforeRunning() {
        let slowFinisher = RaceSamples.finished(ana, at: 99)
        let farRunner = RaceSamples.progress(bor, elapsed: 10, distance: 99.99)
        #expect(order([farRunner, slowFinisher]) == ["ana", "bor"])
    }

    @Test("runners still running rank by distance, longest first")
    func distanceOrder() {
        let progress = [
            RaceSamples.progress(ana, elapsed: 10, distance: 40),
            RaceSamples.progress(bor, elapsed: 10, distance: 55.5),
            RaceSamples.progress(cvet, elapsed: 10, distance: 12),
            RaceSamples.progress(dan, phase: .waiting),
        ]
        let standings = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(standings.standings.map(\.runner.name) == ["bor", "ana", "cvet", "dan"])
        #expect(standings.winner == nil)
        #expect(standings.leader?.runner == bor)
        #expect(!standings.isComplete)
    }

    @Test("an exact tie on finish time goes to the lower runner id")
    func finishTieBreak() {
        #expect(order([RaceSamples.finished(ana, at: 20), RaceSamples.finished(cvet, at: 20), RaceSamples.finished(bor, at: 20)]) == ["bor", "cvet", "ana"])
    }

    @Test("an exact tie on distance goes to the lower runner id")
    func distanceTieBreak() {
        let progress = [ana, dan, cvet].map { RaceSamples.progress($0, elapsed: 9, distance: 42) }
        #expect(order(progress) == ["cvet", "ana", "dan"])
    }

    @Test("runners equal in every field are still ranked 1, 2, 3 by id: ties share no rank")
    func completeTie() {
        let standings = ResolveRace.standings(
            of: [dan, ana, bor].map { RaceSamples.finished($0, at: 20) }, terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.runner.id.rawValue) == [0x10, 0x30, 0x40])
        #expect(standings.standings.map(\.rank) == [1, 2, 3])
        #expect(standings.standings.map(\.isLeader) == [true, false, false])
    }

    @Test("a finish time decides even when the later finisher covered more metres")
    func finishTimeBeatsDistance() {
        #expect(order([RaceSamples.finished(ana, at: 20, distance: 104), RaceSamples.finished(bor, at: 21, distance: 100.01)]) == ["ana", "bor"])
    }

    @Test("the same progress in any order gives the same standings")
    func orderIndependent() {
        let progress = [
            RaceSamples.finished(ana, at: 21),
            RaceSamples.finished(dan, at: 21),
            RaceSamples.progress(bor, elapsed: 20, distance: 80),
            RaceSamples.progress(cvet, elapsed: 20, distance: 80),
        ]
        let reference = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(reference.standings.map(\.runner.name) == ["ana", "dan", "bor", "cvet"])
        var random = SeededGenerator(seed: 11)
        for _ in 0..<100 {
            #expect(ResolveRace.standings(of: progress.shuffled(using: &random), terms: RaceSamples.race100m) == reference)
        }
    }

    @Test("each standing carries the runner's figures: time is the finish time once finished")
    func standingFields() throws {
        let standings = ResolveRace.standings(
            of: [RaceSamples.finished(ana, at: 20.25, distance: 102), RaceSamples.progress(bor, elapsed: 21, distance: 50)],
            terms: RaceSamples.race100m
        )
        let first = try #require(standings.standing(of: ana.id))
        #expect(first.phase == .finished)
        #expect(first.distance == 102)
        #expect(first.elapsed == 20.25)
        #expect(first.finishTime == 20.25)
        #expect(first.progress == 1)
        #expect(!first.isLost)
        let second = try #require(standings.standing(of: bor.id))
        #expect(second.elapsed == 21)
        #expect(second.finishTime == nil)
        #expect(second.progress == 0.5)
        #expect(standings.standing(of: cvet.id) == nil)
    }

    @Test("progress is the fraction of the goal, clamped to 0...1")
    func progressClamped() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.progress(ana, distance: 250), RaceSamples.progress(bor, distance: 0), RaceSamples.progress(cvet, distance: 25)],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.progress) == [1, 0.25, 0])
    }

    @Test("a lost runner is marked and not waited for: the others finishing completes the race")
    func lostRunnersAreNotWaitedFor() {
        let progress = [RaceSamples.finished(ana, at: 20), RaceSamples.progress(bor, elapsed: 12, distance: 60)]
        let waiting = ResolveRace.standings(of: progress, terms: RaceSamples.race100m)
        #expect(!waiting.isComplete)
        let withLost = ResolveRace.standings(of: progress, terms: RaceSamples.race100m, lost: [bor.id])
        #expect(withLost.isComplete)
        #expect(withLost.standings.map(\.isLost) == [false, true])
        #expect(withLost.standings.map(\.runner.name) == ["ana", "bor"])
    }

    @Test("nobody at all, or everybody lost, is not a complete race")
    func emptyIsNotComplete() {
        #expect(!ResolveRace.standings(of: [], terms: RaceSamples.race100m).isComplete)
        #expect(ResolveRace.standings(of: [], terms: RaceSamples.race100m).leader == nil)
        let lostFinisher = ResolveRace.standings(of: [RaceSamples.finished(ana, at: 20)], terms: RaceSamples.race100m, lost: [ana.id])
        #expect(!lostFinisher.isComplete)
    }

    @Test("the winner is nil until the leader has finished")
    func winnerNeedsAFinish() {
        let running = ResolveRace.standings(of: [RaceSamples.progress(ana, distance: 99)], terms: RaceSamples.race100m)
        #expect(running.leader?.runner == ana)
        #expect(running.winner == nil)
    }
}
