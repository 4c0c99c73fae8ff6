import Domain
import MateRunnerTesting
import Testing

/// Progress on the wire's precision (whole milliseconds and whole centimetres), and which updates only
/// move a runner on.
@Suite("RunnerProgress: quantized, and only moving on")
struct RunnerProgressTests {
    let ana = RaceSamples.runner(1, "ana")

    @Test("elapsed and finish time round to milliseconds, distance to centimetres")
    func rounds() {
        let raw = RaceSamples.progress(
            ana, sequence: 9, phase: .finished, elapsed: 1.234_56, distance: 12.345_6, finishTime: 7.000_4,
            hasFinalResult: true
        )
        let quantized = raw.quantized()
        #expect(quantized.elapsed == 1.235)
        #expect(quantized.distance == 12.35)
        #expect(quantized.finishTime == 7.0)
        #expect(quantized.runner == raw.runner)
        #expect(quantized.terms == raw.terms)
        #expect(quantized.sequence == 9)
        #expect(quantized.phase == .finished)
        #expect(quantized.hasFinalResult)
    }

    @Test("half steps round away from zero")
    func halfSteps() {
        let quantized = RaceSamples.progress(ana, elapsed: 0.000_5, distance: 0.005).quantized()
        #expect(quantized.elapsed == 0.001)
        #expect(quantized.distance == 0.01)
    }

    @Test("negative and non-finite values become 0", arguments: [-1.0, -0.000_1, .nan, .infinity, -.infinity])
    func nonsenseBecomesZero(value: Double) {
        let quantized = RaceSamples.progress(ana, elapsed: value, distance: value, finishTime: value).quantized()
        #expect(quantized.elapsed == 0)
        #expect(quantized.distance == 0)
        #expect(quantized.finishTime == 0)
    }

    @Test("no finish time stays no finish time")
    func nilFinish() {
        #expect(RaceSamples.progress(ana, elapsed: 3.3333).quantized().finishTime == nil)
    }

    @Test("quantizing twice changes nothing more")
    func idempotent() {
        var random = SeededGenerator(seed: 3)
        for _ in 0..<1_000 {
            let progress = RaceSamples.progress(
                ana, elapsed: .random(in: 0...20_000, using: &random), distance: .random(in: 0...100_000, using: &random),
                finishTime: .random(in: 0...20_000, using: &random)
            ).quantized()
            #expect(progress.quantized() == progress)
        }
    }

    @Test("only moves on: a later sequence, time and distance; not a new phase, result, finish time, course state or name")
    func onlyMovesOn() {
        let bor = RaceSamples.runner(0xB2, "bor")
        let before = RaceSamples.progress(bor, sequence: 3, phase: .running, elapsed: 1, distance: 3)
        var moved = before
        moved.sequence = 4
        moved.elapsed = 2
        moved.distance = 6
        #expect(moved.onlyMovesOn(from: before))
        let changes: [(String, (inout RunnerProgress) -> Void)] = [
            ("phase", { $0.phase = .finished }),
            ("final result", { $0.hasFinalResult = true }),
            ("finish time", { $0.finishTime = 2 }),
            ("course state", { $0.isOffCourse = true }),
            ("name", { $0.runner = RaceSamples.runner(0xB2, "boris") }),
            ("terms", { $0.terms = RaceTerms(mode: .team, goal: RaceGoal(centimetres: 10_000)) }),
        ]
        for (what, change) in changes {
            var changed = moved
            change(&changed)
            #expect(!changed.onlyMovesOn(from: before), "a change of \(what) counted as a move")
        }
    }
}
