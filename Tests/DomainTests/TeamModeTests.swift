import Domain
import Foundation
import MateRunnerTesting
import PropertyBased
import Testing

/// Team mode: the group reaches the goal with the sum of distances; contributions add up to 100 %.
@Suite("Team mode")
struct TeamModeTests {
    let team100m = RaceTerms(mode: .team, goal: RaceGoal(centimetres: 10_000))
    let ana = RaceSamples.runner(1, "ana")
    let bor = RaceSamples.runner(2, "bor")
    let cvet = RaceSamples.runner(3, "cvet")

    @Test("the team's distance is the sum; the goal is reached when the sum reaches it")
    func sumReachesGoal() throws {
        let progress = [
            RaceSamples.progress(ana, terms: team100m, distance: 60), RaceSamples.progress(bor, terms: team100m, distance: 39.99),
        ]
        let before = try #require(ResolveRace.standings(of: progress, terms: team100m).team)
        #expect(abs(before.distance - 99.99) < 1e-9)
        #expect(!before.reachedGoal)
        #expect(abs(before.remaining(goal: team100m.goal) - 0.01) < 1e-9)
        let after = ResolveRace.team(of: progress + [RaceSamples.progress(cvet, terms: team100m, distance: 0.01)], goal: team100m.goal)
        #expect(after.reachedGoal)
        #expect(after.progress == 1)
    }

    @Test("contributions are shares in hundredths of a percent: 60/40 is 6000/4000")
    func plainShares() {
        let shares = TeamContributions.shares(of: [ana.id: 60, bor.id: 40])
        #expect(shares == [ana.id: 6_000, bor.id: 4_000])
    }

    @Test("thirds: the largest remainders get the missing hundredth, ties to the lowest id")
    func thirds() {
        #expect(TeamContributions.shares(of: [ana.id: 10, bor.id: 10, cvet.id: 10]) == [ana.id: 3_334, bor.id: 3_333, cvet.id: 3_333])
        // 1 : 1 : 1.01 -> exact 3322.26, 3322.26, 3355.48: one hundredth is missing, the largest remainder takes it.
        #expect(TeamContributions.shares(of: [ana.id: 1, bor.id: 1, cvet.id: 1.01]) == [ana.id: 3_322, bor.id: 3_322, cvet.id: 3_356])
    }

    @Test("nobody has run yet: equal shares, still adding up to 100 %")
    func zeroTotal() {
        #expect(TeamContributions.shares(of: [ana.id: 0, bor.id: 0, cvet.id: 0]) == [ana.id: 3_334, bor.id: 3_333, cvet.id: 3_333])
        #expect(TeamContributions.shares(of: [:]).isEmpty)
        #expect(TeamContributions.shares(of: [ana.id: .nan, bor.id: -5]) == [ana.id: 5_000, bor.id: 5_000])
    }

    @Test("contributions always add up to exactly 100 % and each is within 0.01 % of the exact share")
    func sumIsAlwaysWhole() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...2_000_000).array(of: 1...8)) { centimetres in
            var distances: [RunnerID: Double] = [:]
            for (index, value) in centimetres.enumerated() {
                distances[RunnerID(rawValue: UInt64(index + 1))] = Double(value) / 100
            }
            let shares = TeamContributions.shares(of: distances)
            #expect(shares.values.reduce(0, +) == TeamContributions.whole)
            let total = centimetres.reduce(0, +)
            guard total > 0 else { return }
            for (index, value) in centimetres.enumerated() {
                let exact = Double(value) * 10_000 / Double(total)
                let share = Double(shares[RunnerID(rawValue: UInt64(index + 1))] ?? -1)
                #expect(share >= exact.rounded(.down) && share <= exact.rounded(.down) + 1)
            }
        }
    }

    @Test("team standings rank by distance and carry the contributions; complete once everyone finished")
    func teamStandings() throws {
        let progress = [
            RaceSamples.progress(ana, terms: team100m, phase: .finished, elapsed: 30, distance: 30, finishTime: 30),
            RaceSamples.progress(bor, terms: team100m, phase: .finished, elapsed: 31, distance: 70, finishTime: 31),
        ]
        let standings = ResolveRace.standings(of: progress, terms: team100m)
        #expect(standings.standings.map(\.runner) == [bor, ana])
        #expect(standings.isComplete)
        let team = try #require(standings.team)
        #expect(team.percent(of: bor.id) == 70)
        #expect(team.percent(of: ana.id) == 30)
        #expect(team.percent(of: cvet.id) == 0)
    }

    @Test("a cancelled runner's metres still count for the team, but it is out of the ranking")
    func cancelledInTeam() throws {
        let progress = [
            RaceSamples.progress(ana, terms: team100m, phase: .cancelled, distance: 25),
            RaceSamples.progress(bor, terms: team100m, distance: 50),
        ]
        let standings = ResolveRace.standings(of: progress, terms: team100m)
        let team = try #require(standings.team)
        #expect(team.distance == 75)
        #expect(team.contributions == [ana.id: 3_333, bor.id: 6_667])
        #expect(standings.standing(of: ana.id)?.rank == Standing.unranked)
    }
}
