import Domain
import Foundation
import MateRunnerTesting
import Testing

/// One peer's copy of the race: the same result whatever the arrival order, duplicates or loss of
/// superseded updates; stale and foreign updates; lost mates.
@Suite("RaceReplica")
struct RaceReplicaTests {
    let ana = RaceSamples.runner(0xA, "ana")
    let bor = RaceSamples.runner(0xB, "bor")
    let cvet = RaceSamples.runner(0xC, "cvet")

    /// Every update each runner's authority sends in one 100 m race, in sending order.
    private func history() -> [RunnerProgress] {
        var updates: [RunnerProgress] = []
        for (index, runner) in [ana, bor, cvet].enumerated() {
            let speed = 5.0 - Double(index) * 0.5
            updates.append(RaceSamples.progress(runner, sequence: 1, phase: .waiting))
            var sequence: UInt32 = 2
            for second in 0...30 {
                let distance = speed * Double(second)
                if distance >= 100 {
                    updates.append(RaceSamples.progress(
                        runner, sequence: sequence, phase: .finished, elapsed: Double(second), distance: distance,
                        finishTime: 100 / speed
                    ))
                    updates.append(RaceSamples.progress(
                        runner, sequence: sequence + 1, phase: .finished, elapsed: Double(second), distance: distance,
                        finishTime: 100 / speed, hasFinalResult: true
                    ))
                    break
                }
                updates.append(RaceSamples.progress(runner, sequence: sequence, elapsed: Double(second), distance: distance))
                sequence += 1
            }
        }
        return updates
    }

    private func replica(applying updates: [RunnerProgress]) -> RaceReplica {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        for update in updates { replica.apply(update, heardAt: RaceSamples.start) }
        return replica
    }

    @Test("in-order delivery gives the expected final standings")
    func inOrder() throws {
        let standings = replica(applying: history()).standings()
        #expect(standings.standings.map(\.runner.name) == ["ana", "bor", "cvet"])
        #expect(standings.isComplete)
        #expect(standings.winner?.runner == ana)
        #expect(standings.standings.map(\.finishTime) == [20, 100 / 4.5, 25])
    }

    @Test("any arrival order with duplicates gives the same standings", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func anyOrderWithDuplicates(seed: UInt64) {
        let updates = history()
        let reference = replica(applying: updates)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            var delivered = updates
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                delivered.append(updates.randomElement(using: &random) ?? updates[0])
            }
            delivered.shuffle(using: &random)
            let copy = replica(applying: delivered)
            #expect(copy.progress == reference.progress)
            #expect(copy.standings() == reference.standings())
        }
    }

    @Test("losing superseded updates does not change the result", arguments: [6, 7, 8] as [UInt64])
    func lossOfSupersededUpdates(seed: UInt64) {
        let updates = history()
        let reference = replica(applying: updates).standings()
        let lastOfEach = Set(Dictionary(grouping: updates, by: \.runner.id).compactMap { $0.value.last })
        var random = SeededGenerator(seed: seed)
        for _ in 0..<100 {
            let survivors = updates.filter { lastOfEach.contains($0) || Double.random(in: 0..<1, using: &random) > 0.3 }
            #expect(replica(applying: survivors.shuffled(using: &random)).standings() == reference)
        }
    }

    @Test("every prefix of a permutation ranks only from what has arrived, and never rolls a runner back")
    func neverRollsBack() {
        var random = SeededGenerator(seed: 99)
        let delivered = history().shuffled(using: &random)
        var replica = RaceReplica(terms: RaceSamples.race100m)
        var highest: [RunnerID: UInt32] = [:]
        for update in delivered {
            let outcome = replica.apply(update, heardAt: RaceSamples.start)
            let id = update.runner.id
            if update.sequence > highest[id, default: 0] {
                #expect(outcome == .applied)
                highest[id] = update.sequence
            } else {
                #expect(outcome == .stale)
            }
            #expect(replica.progress[id]?.sequence == highest[id])
        }
    }

    @Test("a duplicate, an older update or a heartbeat is stale and changes nothing")
    func staleUpdates() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        let newer = RaceSamples.progress(ana, sequence: 5, elapsed: 5, distance: 25)
        let older = RaceSamples.progress(ana, sequence: 4, elapsed: 4, distance: 20)
        #expect(replica.apply(newer, heardAt: RaceSamples.start) == .applied)
        #expect(replica.apply(newer, heardAt: RaceSamples.start) == .stale)
        #expect(replica.apply(older, heardAt: RaceSamples.start) == .stale)
        #expect(replica.progress[ana.id] == newer)
        #expect(replica.apply(RaceSamples.progress(ana, sequence: 6, elapsed: 6, distance: 30), heardAt: RaceSamples.start) == .applied)
        #expect(replica.progress[ana.id]?.distance == 30)
    }

    @Test("the progress table keeps one entry a runner, in the order first heard, found by id; two tables heard in other orders are equal")
    func progressTable() {
        var first = RaceReplica(terms: RaceSamples.race100m)
        var second = RaceReplica(terms: RaceSamples.race100m)
        let updates = [
            RaceSamples.progress(bor, sequence: 1, elapsed: 1, distance: 4),
            RaceSamples.progress(ana, sequence: 1, elapsed: 1, distance: 5),
            RaceSamples.progress(bor, sequence: 2, elapsed: 2, distance: 9),
            RaceSamples.progress(cvet, sequence: 3, elapsed: 3, distance: 11),
            RaceSamples.progress(ana, sequence: 2, elapsed: 2, distance: 10),
        ]
        for update in updates { first.apply(update, heardAt: RaceSamples.start) }
        for update in updates.reversed() { second.apply(update, heardAt: RaceSamples.start) }
        #expect(Array(first.progress.keys) == [bor.id, ana.id, cvet.id])
        #expect(first.progress.values.map(\.distance) == [9, 10, 11])
        #expect(first.progress.count == 3)
        #expect(first.progress[cvet.id]?.sequence == 3)
        #expect(first.progress[RunnerID(rawValue: 0xD)] == nil)
        #expect(Array(second.progress.keys) == [ana.id, cvet.id, bor.id])
        #expect(first.progress == second.progress)
        #expect(first.standings() == second.standings())
        second.apply(RaceSamples.progress(cvet, sequence: 4, elapsed: 4, distance: 15), heardAt: RaceSamples.start)
        #expect(first.progress != second.progress)
        #expect(first.progress != RaceReplica(terms: RaceSamples.race100m).progress)
    }

    @Test("updates under other terms are kept aside, not applied")
    func otherTerms() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        let otherGoal = RaceTerms(mode: .race, goal: .standard)
        let otherMode = RaceTerms(mode: .single, goal: RaceSamples.race100m.goal)
        #expect(replica.apply(RaceSamples.progress(ana, terms: otherGoal), heardAt: RaceSamples.start) == .otherTerms)
        #expect(replica.apply(RaceSamples.progress(bor, terms: otherMode), heardAt: RaceSamples.start) == .otherTerms)
        #expect(replica.progress.isEmpty)
        #expect(replica.lastHeard.isEmpty)
        #expect(Set(replica.otherTerms.keys) == [ana.id, bor.id])
        #expect(replica.standings().standings.isEmpty)
    }

    @Test("a mate silent for longer than the timeout is lost; the local runner never is")
    func lostDetection() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        replica.apply(RaceSamples.progress(ana), heardAt: RaceSamples.start)
        replica.apply(RaceSamples.progress(bor), heardAt: RaceSamples.start.addingTimeInterval(5))
        replica.apply(RaceSamples.progress(cvet), heardAt: RaceSamples.start)
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(10), after: 10, excluding: ana.id).isEmpty)
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(10.5), after: 10, excluding: ana.id) == [cvet.id])
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(15.5), after: 10, excluding: ana.id) == [bor.id, cvet.id])
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(15.5), after: 10, excluding: cvet.id) == [ana.id, bor.id])
        let standings = replica.standings(lost: [cvet.id])
        #expect(standings.standing(of: cvet.id)?.isLost == true)
        #expect(standings.standing(of: ana.id)?.isLost == false)
    }

    @Test("a mate who has finished is never lost, however long it is silent")
    func finishedIsNeverLost() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        replica.apply(
            RaceSamples.progress(bor, phase: .finished, elapsed: 30, distance: 101, finishTime: 29.5), heardAt: RaceSamples.start
        )
        replica.apply(RaceSamples.progress(cvet), heardAt: RaceSamples.start)
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(3600), after: 10, excluding: ana.id) == [cvet.id])
    }

    @Test("a stale heartbeat still counts as hearing from the mate, and comes back from lost")
    func heartbeatKeepsAlive() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        let update = RaceSamples.progress(bor, sequence: 3)
        replica.apply(update, heardAt: RaceSamples.start)
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(11), after: 10, excluding: ana.id) == [bor.id])
        #expect(replica.apply(update, heardAt: RaceSamples.start.addingTimeInterval(11)) == .stale)
        #expect(replica.lastHeard[bor.id] == RaceSamples.start.addingTimeInterval(11))
        #expect(replica.lost(at: RaceSamples.start.addingTimeInterval(11), after: 10, excluding: ana.id).isEmpty)
    }

    @Test("an update heard earlier than one already heard does not move last-heard back")
    func lastHeardIsTheLatest() {
        var replica = RaceReplica(terms: RaceSamples.race100m)
        replica.apply(RaceSamples.progress(bor, sequence: 2), heardAt: RaceSamples.start.addingTimeInterval(8))
        replica.apply(RaceSamples.progress(bor, sequence: 3), heardAt: RaceSamples.start.addingTimeInterval(2))
        #expect(replica.lastHeard[bor.id] == RaceSamples.start.addingTimeInterval(8))
        #expect(replica.progress[bor.id]?.sequence == 3)
    }
}
