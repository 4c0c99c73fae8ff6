import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The ranking rules of `ResolveRace` for N runners: ties, cancel, lost, the leader and the gap.
@Suite("Ranking rules")
struct RankingRulesTests {
    let ana = RaceSamples.runner(3, "ana")
    let bor = RaceSamples.runner(1, "bor")
    let cvet = RaceSamples.runner(2, "cvet")
    let dan = RaceSamples.runner(4, "dan")

    @Test("an exact tie of finish times goes to the lowest runner id")
    func exactFinishTie() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.finished(ana, at: 20), RaceSamples.finished(cvet, at: 20), RaceSamples.finished(bor, at: 20)],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.runner) == [bor, cvet, ana])
        #expect(standings.standings.map(\.rank) == [1, 2, 3])
        #expect(standings.winner?.runner == bor)
    }

    @Test("an exact tie of distances among runners who did not finish goes to the lowest runner id")
    func exactDistanceTie() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.progress(ana, distance: 50), RaceSamples.progress(bor, distance: 50), RaceSamples.progress(cvet, distance: 51)],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.runner) == [cvet, bor, ana])
        #expect(standings.winner == nil)
        #expect(standings.leader?.runner == cvet)
    }

    @Test("the gap to the leader is in metres toward the goal; finished runners and the leader have 0")
    func gapToLeader() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.progress(ana, distance: 80), RaceSamples.progress(bor, distance: 62.5), RaceSamples.progress(cvet, distance: 0)],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.gapToLeader) == [0, 17.5, 80])
        let finished = ResolveRace.standings(
            of: [RaceSamples.finished(ana, at: 20, distance: 104), RaceSamples.finished(bor, at: 22, distance: 101), RaceSamples.progress(cvet, distance: 90)],
            terms: RaceSamples.race100m
        )
        // The leader ran past the goal: the gap is measured to the goal, not to 104 m.
        #expect(finished.standings.map(\.gapToLeader) == [0, 0, 10])
    }

    @Test("a cancelled runner is out of the ranking, listed last and marked; the others keep their ranks")
    func cancelledOutOfRanking() {
        let standings = ResolveRace.standings(
            of: [
                RaceSamples.progress(ana, phase: .cancelled, distance: 90),
                RaceSamples.progress(bor, distance: 40), RaceSamples.progress(cvet, distance: 60),
            ],
            terms: RaceSamples.race100m
        )
        #expect(standings.standings.map(\.runner) == [cvet, bor, ana])
        #expect(standings.standings.map(\.rank) == [1, 2, Standing.unranked])
        #expect(standings.standings.map(\.isCancelled) == [false, false, true])
        #expect(standings.standing(of: ana.id)?.isRanked == false)
        #expect(standings.standing(of: ana.id)?.gapToLeader == 0)
        #expect(standings.leader?.runner == cvet)
        #expect(!standings.isComplete)
    }

    @Test("when the others have finished, a cancelled runner does not hold the result back")
    func cancelledDoesNotBlockCompletion() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.progress(ana, phase: .cancelled, distance: 10), RaceSamples.finished(bor, at: 30)],
            terms: RaceSamples.race100m
        )
        #expect(standings.isComplete)
        #expect(standings.winner?.runner == bor)
    }

    @Test("a run where everyone cancelled ends, with no winner and no leader")
    func everyoneCancelled() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.progress(ana, phase: .cancelled, distance: 10), RaceSamples.progress(bor, phase: .cancelled, distance: 20)],
            terms: RaceSamples.race100m
        )
        #expect(standings.isComplete)
        #expect(standings.everyoneCancelled)
        #expect(standings.winner == nil)
        #expect(standings.leader == nil)
        #expect(standings.standings.map(\.runner) == [bor, ana])
    }

    @Test("no runner at all: not complete, no leader")
    func nobody() {
        let standings = ResolveRace.standings(of: [], terms: RaceSamples.race100m)
        #expect(!standings.isComplete)
        #expect(standings.leader == nil)
        #expect(!standings.everyoneCancelled)
    }

    @Test("a lost runner at the end is ranked on what was received and does not hold the result back")
    func lostAtTheEnd() {
        let standings = ResolveRace.standings(
            of: [RaceSamples.finished(ana, at: 30), RaceSamples.progress(bor, distance: 70), RaceSamples.finished(cvet, at: 25)],
            terms: RaceSamples.race100m, lost: [bor.id]
        )
        #expect(standings.standings.map(\.runner) == [cvet, ana, bor])
        #expect(standings.standing(of: bor.id)?.isLost == true)
        #expect(standings.standing(of: bor.id)?.rank == 3)
        #expect(standings.isComplete)
    }

    @Test("a finished or cancelled runner is never lost; a running one is, and rejoins when heard again")
    func lostRules() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        replica.apply(RaceSamples.finished(ana, at: 20), heardAt: RaceSamples.start)
        replica.apply(RaceSamples.progress(bor, phase: .cancelled, distance: 5), heardAt: RaceSamples.start)
        replica.apply(RaceSamples.progress(cvet, distance: 50), heardAt: RaceSamples.start)
        let later = RaceSamples.start.addingTimeInterval(11)
        #expect(replica.lost(at: later, after: 10, excluding: dan.id) == [cvet.id])
        replica.apply(RaceSamples.progress(cvet, sequence: 2, distance: 60), heardAt: later)
        #expect(replica.lost(at: later, after: 10, excluding: dan.id).isEmpty)
        #expect(replica.standings().standing(of: cvet.id)?.distance == 60)
    }

    @Test("single mode ranks its one runner like a race")
    func single() {
        let terms = RaceTerms(mode: .single, goal: RaceGoal(centimetres: 10_000))
        let standings = ResolveRace.standings(of: [RaceSamples.finished(ana, at: 40).with(terms: terms)], terms: terms)
        #expect(standings.winner?.runner == ana)
        #expect(standings.isComplete)
        #expect(standings.team == nil)
    }
}

extension RunnerProgress {
    /// The same progress under other terms.
    func with(terms: RaceTerms) -> RunnerProgress {
        var copy = self
        copy.terms = terms
        return copy
    }
}
