import Domain
import Foundation
import MateRunnerTesting
import PropertyBased
import Testing

/// Property tests: the resolved result depends only on which updates arrived, never on their order,
/// duplicates or delays; replicas that received the same updates agree exactly. Race and team mode.
@Suite("Convergence properties")
struct ConvergencePropertyTests {
    static let modes: [RaceMode] = [.race, .team]

    /// A run of `runners` runners, each with a few updates from its authority (increasing sequence,
    /// distances from a small set so that exact ties are common, some finishing, some cancelling).
    private func history(seed: UInt64, runners: Int, mode: RaceMode) -> [RunnerProgress] {
        var random = SeededGenerator(seed: seed)
        let terms = RaceTerms(mode: mode, goal: RaceGoal(centimetres: 10_000))
        let distances: [Double] = [0, 25, 50, 50, 75, 99.99, 100]
        var updates: [RunnerProgress] = []
        for index in 0..<runners {
            let runner = Runner(id: RunnerID(rawValue: UInt64.random(in: 1...20, using: &random) * 100 + UInt64(index)), name: "r\(index)")
            var progress = RunnerProgress(runner: runner, terms: terms, sequence: 1)
            updates.append(progress)
            for step in 0..<Int.random(in: 0...5, using: &random) {
                progress.sequence += UInt32.random(in: 1...3, using: &random)
                progress.phase = .running
                progress.elapsed = Double(step + 1) * 10
                progress.distance = max(progress.distance, distances.randomElement(using: &random) ?? 0)
                updates.append(progress)
            }
            switch Int.random(in: 0...3, using: &random) {
            case 0:
                progress.sequence += 1
                progress.phase = .finished
                progress.distance = 100
                progress.finishTime = [20, 21, 21, 22.5].randomElement(using: &random)
                progress.hasFinalResult = Bool.random(using: &random)
                updates.append(progress)
            case 1:
                progress.sequence += 1
                progress.phase = .cancelled
                updates.append(progress)
            default:
                break
            }
        }
        return updates
    }

    private func replica(of updates: [RunnerProgress], mode: RaceMode) -> RaceReplica {
        var replica = RaceReplica(terms: RaceTerms(mode: mode, goal: RaceGoal(centimetres: 10_000)))
        for update in updates { replica.apply(update, heardAt: RaceSamples.start) }
        return replica
    }

    @Test("any arrival order gives the same standings", arguments: modes)
    func anyOrder(mode: RaceMode) async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 2...8), Gen.uint64()) { seed, runners, orderSeed in
            let updates = history(seed: seed, runners: runners, mode: mode)
            var random = SeededGenerator(seed: orderSeed)
            let reference = replica(of: updates, mode: mode)
            let shuffled = replica(of: updates.shuffled(using: &random), mode: mode)
            #expect(shuffled.progress == reference.progress)
            #expect(shuffled.standings() == reference.standings())
        }
    }

    @Test("duplicates change nothing", arguments: modes)
    func duplicates(mode: RaceMode) async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 2...8), Gen.uint64()) { seed, runners, orderSeed in
            let updates = history(seed: seed, runners: runners, mode: mode)
            var random = SeededGenerator(seed: orderSeed)
            let repeated = updates + updates.filter { _ in Bool.random(using: &random) } + updates.prefix(3)
            let withDuplicates = replica(of: repeated.shuffled(using: &random), mode: mode)
            #expect(withDuplicates.standings() == replica(of: updates, mode: mode).standings())
        }
    }

    @Test("any subset delayed until after the others gives the same final standings", arguments: modes)
    func delayedSubset(mode: RaceMode) async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 2...8), Gen.uint64()) { seed, runners, delaySeed in
            let updates = history(seed: seed, runners: runners, mode: mode)
            var random = SeededGenerator(seed: delaySeed)
            let delayed = updates.map { _ in Bool.random(using: &random) }
            let onTime = zip(updates, delayed).filter { !$0.1 }.map(\.0)
            let late = zip(updates, delayed).filter { $0.1 }.map(\.0)
            let result = replica(of: onTime.shuffled(using: &random) + late.shuffled(using: &random), mode: mode)
            #expect(result.standings() == replica(of: updates, mode: mode).standings())
        }
    }

    @Test("two replicas with the same updates, received differently, agree exactly", arguments: modes)
    func replicasAgree(mode: RaceMode) async {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 2...8), Gen.uint64()) { seed, runners, orderSeed in
            let updates = history(seed: seed, runners: runners, mode: mode)
            var random = SeededGenerator(seed: orderSeed)
            let first = replica(of: updates.shuffled(using: &random) + updates.prefix(2), mode: mode)
            let second = replica(of: updates.reversed() + updates.shuffled(using: &random), mode: mode)
            #expect(first.progress == second.progress)
            let lost = Set(first.progress.keys.filter { $0.rawValue % 3 == 0 })
            #expect(first.standings(lost: lost) == second.standings(lost: lost))
            #expect(first.standings().team == second.standings().team)
        }
    }
}
