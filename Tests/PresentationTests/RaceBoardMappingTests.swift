import Domain
import Foundation
import FrontEndKit
@testable import Presentation
import Testing

/// A race snapshot mapped to the display-ready board and result.
@Suite("RaceBoard mapping")
struct RaceBoardMappingTests {
    let ana = Sample.ana
    let bor = Sample.bor

    @Test("waiting beside a mate under other terms: the headline names the difference and both values")
    func waitingWithMismatch() throws {
        var snapshot = Sample.waiting
        let two = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 200_000))
        snapshot.mismatches = [try #require(TermsMismatch(mate: "bob", theirs: two, ours: snapshot.standings.terms))]
        #expect(RaceBoard(snapshot).headline == "waiting for mates: 0 of 1; bob races 2.00 km, you 0.10 km")
    }

    @Test("waiting: stage, headline 'waiting for mates: 0 of 1', our one row")
    func waiting() throws {
        let board = RaceBoard(Sample.waiting)
        #expect(board.stage == "waiting")
        #expect(board.headline == "waiting for mates: 0 of 1")
        #expect(board.mode == "race")
        #expect(board.goal == "0.10 km")
        #expect(board.goalMetres == 100)
        #expect(board.leader == "ana")
        let row = try #require(board.runners.first)
        #expect(board.runners.count == 1)
        #expect(row == FrontEndRunner(
            id: "000000000000000a", name: "ana", me: true, rank: 1, state: "waiting", distance: "0.00 km",
            distanceMetres: 0, progress: 0, leader: true, time: "00:00", timeSeconds: 0, finishSeconds: nil,
            calories: "0 kcal", caloriesKcal: 0
        ))
    }

    @Test("a ghost's row says ghost: true (a runner's has no ghost key); a ghost that wins is named as one")
    func ghost() throws {
        let ghost = Runner(id: .ghost(of: ana.id), name: "ana", isGhost: true)
        let snapshot = Sample.snapshot(.complete, [
            Sample.progress(ghost, .finished, elapsed: 30, distance: 100, finishTime: 30),
            Sample.progress(ana, .finished, elapsed: 32, distance: 100, finishTime: 32),
            Sample.progress(bor, .finished, elapsed: 40, distance: 100, finishTime: 40),
        ])
        let rows = RaceBoard(snapshot).runners
        #expect(rows.map(\.ghost) == [true, nil, nil])
        #expect(rows.map(\.rank) == [1, 2, 3])
        let result = RunningResult(snapshot)
        #expect(result.winner?.ghost == true)
        // ana raced her own ghost: the margin follows.
        #expect(result.summary == "the ghost ana wins in 00:30; 0:02 behind your best")
        let json = String(decoding: try JSONEncoder().encode(rows[1]), as: UTF8.self)
        #expect(!json.contains("ghost"))
    }

    @Test("a ghost a mate announced says by whom (announced_by); our own ghost and a runner say nothing of the kind")
    func announcedGhost() throws {
        let announced = Runner(id: .ghost(of: bor.id), name: "ana", isGhost: true, announcedBy: "carol")
        let own = Runner(id: .ghost(of: ana.id), name: "ana", isGhost: true)
        var runner = bor
        runner.announcedBy = "carol"
        let snapshot = Sample.snapshot(.running, [
            Sample.progress(announced, .running, elapsed: 10, distance: 60),
            Sample.progress(own, .running, elapsed: 10, distance: 50),
            Sample.progress(runner, .running, elapsed: 10, distance: 40),
        ])
        let rows = RaceBoard(snapshot).runners
        #expect(rows.map(\.announcedBy) == ["carol", nil, nil])
        let json = String(decoding: try JSONEncoder().encode(rows[0]), as: UTF8.self)
        #expect(json.contains(#""announced_by":"carol""#), "\(json)")
    }

    @Test("our calories come from our effort, truncated to whole kcal; mates have none")
    func calories() {
        var snapshot = Sample.snapshot(.running, [
            Sample.progress(ana, elapsed: 60, distance: 50), Sample.progress(bor, elapsed: 60, distance: 40),
        ])
        snapshot.effort = RunnerEffort(kilocalories: 23.97)
        let rows = RaceBoard(snapshot).runners
        #expect(rows.map(\.name) == ["ana", "bor"])
        #expect(rows.map(\.calories) == ["23 kcal", nil])
        #expect(rows.map(\.caloriesKcal) == [23.97, nil])
    }

    @Test("the headline counts mates heard of mates expected")
    func waitingCounts() {
        let snapshot = Sample.snapshot(
            .waitingForMates(heard: 2, expected: 3), [Sample.progress(ana, .waiting), Sample.progress(bor, .waiting)],
            startedAt: nil
        )
        #expect(RaceBoard(snapshot).headline == "waiting for mates: 2 of 3")
    }

    @Test("running: every runner best first, with distances truncated and times, the leader marked")
    func running() {
        let snapshot = Sample.snapshot(.running, [
            Sample.progress(ana, elapsed: 61.9, distance: 29.99),
            Sample.progress(bor, elapsed: 61.9, distance: 99.9),
        ])
        let board = RaceBoard(snapshot)
        #expect(board.stage == "running")
        #expect(board.headline == "running to 0.10 km")
        #expect(board.leader == "bor")
        #expect(board.runners == [
            FrontEndRunner(
                id: "000000000000000b", name: "bor", me: false, rank: 1, state: "running", distance: "0.09 km",
                distanceMetres: 99.9, progress: 0.999, leader: true, time: "01:01", timeSeconds: 61.9, finishSeconds: nil,
                pace: "10:19 /km", speedMetresPerSecond: 1.614
            ),
            FrontEndRunner(
                id: "000000000000000a", name: "ana", me: true, rank: 2, state: "running", distance: "0.02 km",
                distanceMetres: 29.99, progress: 0.2999, leader: false, time: "01:01", timeSeconds: 61.9, finishSeconds: nil,
                pace: "34:24 /km", speedMetresPerSecond: 0.484, calories: "0 kcal", caloriesKcal: 0
            ),
        ])
    }

    @Test("a finished runner shows its finish time, not its elapsed time")
    func finishedRow() throws {
        let snapshot = Sample.snapshot(.running, [
            Sample.progress(ana, .finished, elapsed: 25, distance: 104, finishTime: 20.5),
            Sample.progress(bor, elapsed: 25, distance: 90),
        ])
        let row = try #require(RaceBoard(snapshot).runners.first)
        #expect(row.state == "finished")
        #expect(row.time == "00:20")
        #expect(row.timeSeconds == 20.5)
        #expect(row.finishSeconds == 20.5)
        #expect(row.progress == 1)
        #expect(row.distance == "0.10 km")
        // Pace over the run to the finish: 104 m in 20.5 s is 197.1 s per km.
        #expect(row.pace == "3:17 /km")
        // 5.073170… m/s, to the millimetre a second.
        #expect(row.speedMetresPerSecond == 5.073)
        // Our own row carries our calories (none burnt in this hand-made snapshot).
        #expect(row.calories == "0 kcal")
    }

    @Test("no pace before 10 m are covered, nor without time")
    func noPaceYet() {
        let snapshot = Sample.snapshot(.running, [
            Sample.progress(ana, elapsed: 30, distance: 9.99), Sample.progress(bor, elapsed: 0, distance: 12),
        ])
        #expect(RaceBoard(snapshot).runners.map(\.pace) == [nil, nil])
        #expect(RaceBoard(snapshot).runners.map(\.speedMetresPerSecond) == [nil, nil])
    }

    @Test("complete: stage 'complete', headline 'finished'")
    func complete() {
        let snapshot = Sample.snapshot(.complete, [
            Sample.progress(ana, .finished, elapsed: 20, distance: 100, finishTime: 20),
            Sample.progress(bor, .finished, elapsed: 25, distance: 100, finishTime: 25),
        ])
        let board = RaceBoard(snapshot)
        #expect(board.stage == "complete")
        #expect(board.headline == "finished")
        #expect(board.runners.map(\.state) == ["finished", "finished"])
        #expect(board.runners.map(\.rank) == [1, 2])
        #expect(board.runners.map(\.leader) == [true, false])
    }

    @Test("a lost mate's row says 'lost', whatever its phase")
    func lost() {
        for phase in [RunnerPhase.waiting, .running, .finished] {
            let snapshot = Sample.snapshot(
                .running,
                [Sample.progress(ana, elapsed: 30, distance: 50),
                 Sample.progress(bor, phase, elapsed: 12, distance: phase == .finished ? 100 : 20, finishTime: phase == .finished ? 12 : nil)],
                lost: [bor.id]
            )
            let board = RaceBoard(snapshot)
            #expect(board.runners.first { $0.name == "bor" }?.state == "lost")
            #expect(board.runners.first { $0.name == "ana" }?.state == "running")
        }
    }

    @Test("single mode and the standard goal")
    func singleMode() {
        let terms = RaceTerms(mode: .single, goal: .standard)
        let snapshot = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 3_725, distance: 4_575, terms: terms)], terms: terms)
        let board = RaceBoard(snapshot)
        #expect(board.mode == "single")
        #expect(board.goal == "5.00 km")
        #expect(board.goalMetres == 5_000)
        #expect(board.headline == "running to 5.00 km")
        #expect(board.runners.first?.distance == "4.57 km")
        #expect(board.runners.first?.time == "01:02:05")
        #expect(board.runners.first?.progress == 0.915)
    }

    @Test("no standings: no rows and no leader")
    func empty() {
        let board = RaceBoard(Sample.snapshot(.waitingForMates(heard: 0, expected: 1), [], startedAt: nil))
        #expect(board.runners.isEmpty)
        #expect(board.leader == nil)
    }

    @Test("the result names the winner and their time")
    func result() throws {
        let snapshot = Sample.snapshot(.complete, [
            Sample.progress(ana, .finished, elapsed: 1_300, distance: 5_000, finishTime: 1_200.5),
            Sample.progress(bor, .finished, elapsed: 1_400, distance: 5_000, finishTime: 1_321),
        ])
        let result = RunningResult(snapshot)
        #expect(result.board == RaceBoard(snapshot))
        let winner = try #require(result.winner)
        #expect(winner.name == "ana")
        #expect(winner.me)
        #expect(result.summary == "ana wins in 20:00")
    }

    @Test("a result nobody finished says so")
    func resultWithoutWinner() {
        let snapshot = Sample.snapshot(.complete, [Sample.progress(ana, elapsed: 100, distance: 80)], lost: [])
        let result = RunningResult(snapshot)
        #expect(result.winner == nil)
        #expect(result.summary == "nobody reached 0.10 km")
    }
}
