import Domain
import Foundation
import Testing

@Suite("Lap times and per-kilometre splits")
struct SplitsTests {
    @Test("a mark is crossed at the time interpolated between the samples around it; a split is the time since the last")
    func interpolated() {
        let series: [(elapsed: TimeInterval, distance: Double)] = [(0, 0), (100, 400), (200, 900), (300, 1_300), (400, 2_100)]
        let splits = Splits.splits(at: [1_000, 2_000], in: series)
        #expect(splits.map(\.number) == [1, 2])
        #expect(splits.map(\.at) == [225, 387.5])
        #expect(splits.map(\.duration) == [225, 162.5])
        // A series that stops short of a mark has no split for it.
        #expect(Splits.splits(at: [1_000, 3_000], in: series).count == 1)
    }

    @Test("the finish time, exact, ends the last split when the series reaches the goal")
    func finish() {
        let series: [(elapsed: TimeInterval, distance: Double)] = [(0, 0), (300, 1_000), (610, 2_010)]
        let splits = Splits.splits(at: Splits.kilometreMarks(upTo: 2_000), in: series, finishTime: 606.5)
        #expect(splits.map(\.at) == [300, 606.5])
    }

    @Test("marks: every whole lap before the goal, then the goal; every kilometre, then what is left")
    func marks() {
        #expect(Splits.lapMarks(lapLength: 1_912.4, laps: 3, goal: 5_737.2) == [1_912.4, 3_824.8, 5_737.2])
        #expect(Splits.lapMarks(lapLength: 1_000, laps: 3, goal: 1_500) == [1_000, 1_500])
        #expect(Splits.lapMarks(lapLength: 1_000, laps: 1, goal: 1_000).isEmpty)
        #expect(Splits.kilometreMarks(upTo: 2_500) == [1_000, 2_000, 2_500])
        #expect(Splits.kilometreMarks(upTo: 3_000) == [1_000, 2_000, 3_000])
        #expect(Splits.kilometreMarks(upTo: 0).isEmpty)
    }

    @Test("the live lap timer gives the same laps as the splits of the whole series")
    func lapTimerAgrees() {
        let series: [(elapsed: TimeInterval, distance: Double)] = (0...60).map { (Double($0) * 10, Double($0) * 10 * 3.3) }
        let marks = Splits.lapMarks(lapLength: 600, laps: 3, goal: 1_800)
        var timer = Splits.LapTimer(marks: marks)
        for sample in series { timer.note(elapsed: sample.elapsed, distance: sample.distance) }
        // Noted twice, or out of order: nothing changes.
        timer.note(elapsed: 100, distance: 330)
        #expect(timer.laps == Splits.splits(at: marks, in: series))
        #expect(timer.laps.count == 3)
    }

    @Test("racing your own ghost: by how much you beat it or missed it; nothing for another's ghost or an unfinished run")
    func ghostMargin() {
        let me = Runner(id: RunnerID(rawValue: 1), name: "alice")
        let ghost = Runner(id: RunnerID(rawValue: 2), name: "alice", isGhost: true)
        let other = Runner(id: RunnerID(rawValue: 3), name: "bob", isGhost: true)
        func standing(_ runner: Runner, finish: TimeInterval?) -> Standing {
            Standing(runner: runner, rank: 1, phase: finish == nil ? .running : .finished, distance: 1_000, elapsed: finish ?? 300,
                     progress: 1, finishTime: finish, isLost: false)
        }
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
        func margin(_ standings: [Standing]) -> TimeInterval? {
            GhostMargin.margin(in: RaceStandings(terms: terms, standings: standings, isComplete: true), me: me.id)
        }
        #expect(margin([standing(me, finish: 300), standing(ghost, finish: 353)]) == 53)
        #expect(margin([standing(me, finish: 365), standing(ghost, finish: 353)]) == -12)
        #expect(margin([standing(me, finish: 300), standing(other, finish: 353)]) == nil)
        #expect(margin([standing(me, finish: nil), standing(ghost, finish: 353)]) == nil)
    }
}
