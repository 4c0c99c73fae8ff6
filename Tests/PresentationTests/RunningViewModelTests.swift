import Domain
import Foundation
import MateRunnerTesting
@testable import Presentation
import Testing

/// The running view model as a script of input events against a fake run and a manual clock,
/// asserting the whole history of every output (kickstarter style). Each step waits for the output
/// it causes before the next, so the history is deterministic; nothing sleeps for real.
@Suite("RunningViewModel")
struct RunningViewModelTests {
    /// One view model under test: its scripted inputs, fake run, manual clock and recorded outputs.
    struct Script {
        let clock = ManualRaceClock()
        let race = FakeRaceSession()
        let outputs = RunningOutputRecorder()
        let viewDidLoad: AsyncStream<Void>.Continuation
        let stopRequested: AsyncStream<Void>.Continuation

        init(tick: TimeInterval = 1) {
            let loaded = AsyncStream.makeStream(of: Void.self)
            let stop = AsyncStream.makeStream(of: Void.self)
            viewDidLoad = loaded.continuation
            stopRequested = stop.continuation
            let viewModel = RunningViewModel(dependency: .init(race: race, clock: clock, tick: tick))
            outputs.record(viewModel.transform(input: .init(viewDidLoad: loaded.stream, stopRequested: stop.stream)))
        }

        var history: RunningOutputRecorder.History { outputs.history }

        /// The view is up: the run starts and the elapsed time shows 00:00.
        func load() async throws {
            viewDidLoad.yield(())
            try await waitUntil("the first elapsed time") { history.elapsedTime.count == 1 && race.calls == 1 }
            try await waitForTickToSleep()
        }

        func waitForTickToSleep() async throws {
            try await waitUntil("the elapsed-time tick to sleep on the clock") { clock.sleeperCount == 1 }
        }

        /// The run reports a snapshot; waits for the board it gives.
        func send(_ snapshot: RaceSnapshot) async throws {
            let boards = history.board.count
            race.send(snapshot)
            try await waitUntil("board \(boards + 1)") { history.board.count == boards + 1 }
        }

        /// Advances the clock one tick; waits for the tick to run and sleep again.
        func advance(by seconds: TimeInterval = 1) async throws {
            try await waitForTickToSleep()
            clock.advance(by: seconds)
            try await waitForTickToSleep()
        }

        /// Advances one tick and waits for the new elapsed time it shows.
        func tick() async throws {
            let shown = history.elapsedTime.count
            try await advance()
            try await waitUntil("elapsed time \(shown + 1)") { history.elapsedTime.count == shown + 1 }
        }

        func waitForAllOutputsToFinish() async throws {
            try await waitUntil("every output to finish") { outputs.allFinished }
        }
    }

    let ana = Sample.ana
    let bor = Sample.bor

    @Test("a whole race: every output's full history")
    func wholeRace() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        let snapshots = [
            Sample.waiting,
            Sample.snapshot(.running, [Sample.progress(ana), Sample.progress(bor)]),
            Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: 45), Sample.progress(bor, elapsed: 1, distance: 40)]),
            Sample.snapshot(.running, [Sample.progress(ana, elapsed: 2, distance: 90), Sample.progress(bor, elapsed: 2, distance: 80)]),
            Sample.snapshot(.running, [
                Sample.progress(ana, .finished, elapsed: 3, distance: 105, finishTime: 2.2),
                Sample.progress(bor, elapsed: 3, distance: 99),
            ]),
            Sample.snapshot(.complete, [
                Sample.progress(ana, .finished, elapsed: 3, distance: 105, finishTime: 2.2),
                Sample.progress(bor, .finished, elapsed: 4, distance: 104, finishTime: 3.05),
            ]),
        ]

        try await script.load()
        try await script.send(snapshots[0])
        try await script.send(snapshots[1])
        try await script.tick()
        try await script.send(snapshots[2])
        try await script.tick()
        try await script.send(snapshots[3])
        try await script.tick()
        try await script.send(snapshots[4])
        // Once we have finished, the elapsed time is our finish time.
        try await script.tick()
        try await script.send(snapshots[5])
        try await script.waitForTickToSleep()
        script.race.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.elapsedTime == ["00:00", "00:01", "00:02", "00:03", "00:02"])
        #expect(history.board == snapshots.map(RaceBoard.init))
        #expect(history.board.map(\.stage) == ["waiting", "running", "running", "running", "running", "complete"])
        #expect(history.board.map(\.headline) == [
            "waiting for mates: 0 of 1", "running to 0.10 km", "running to 0.10 km", "running to 0.10 km",
            "running to 0.10 km", "finished",
        ])
        #expect(history.board.map(\.leader) == ["ana", "ana", "ana", "ana", "ana", "ana"])
        #expect(history.board.map { $0.rows.first { $0.isMe }?.distance } == [
            "0.00 km", "0.00 km", "0.04 km", "0.09 km", "0.10 km", "0.10 km",
        ])
        #expect(history.board.map { $0.rows.map(\.state) } == [
            ["waiting"], ["running", "running"], ["running", "running"], ["running", "running"],
            ["finished", "running"], ["finished", "finished"],
        ])
        #expect(history.result == [RaceResultDisplay(snapshots[5])])
        #expect(history.result.map(\.summary) == ["ana wins in 00:02"])
        #expect(history.result.first?.winner?.name == "ana")
        #expect(history.notice.isEmpty)
        #expect(script.race.calls == 1)
    }

    @Test("nothing starts before the view is up, and nothing at all if it never is")
    func neverLoaded() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        for _ in 0..<1_000 { await Task.yield() }
        #expect(script.race.calls == 0)
        #expect(script.history.elapsedTime.isEmpty)
        script.viewDidLoad.finish()
        try await script.waitForAllOutputsToFinish()
        let history = script.history
        #expect(history.elapsedTime.isEmpty)
        #expect(history.board.isEmpty)
        #expect(history.result.isEmpty)
        #expect(history.notice.isEmpty)
        #expect(script.race.calls == 0)
    }

    @Test("a failing run gives one error notice and every output finishes")
    func failingRun() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        let failure = RaceSessionError.matesDidNotShowUp(heard: 0, expected: 1, waited: 60)
        try await script.load()
        try await script.send(Sample.waiting)
        script.race.fail(failure)
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.elapsedTime == ["00:00"])
        #expect(history.board == [RaceBoard(Sample.waiting)])
        #expect(history.result.isEmpty)
        #expect(history.notice == [Notice(level: .error, message: failure.description)])
        #expect(history.notice.first?.message.contains("heard from 0 of 1 mate(s) in 60 s") == true)
    }

    @Test("stop requested: notice 'run stopped', the run is cancelled, every output finishes")
    func stopRequested() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        let running = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: 4), Sample.progress(bor, elapsed: 1, distance: 3)])
        try await script.load()
        try await script.send(running)
        try await script.tick()
        script.stopRequested.yield(())
        try await script.waitForAllOutputsToFinish()
        try await waitUntil("the run to be cancelled") { script.race.terminated }

        let history = script.history
        #expect(history.elapsedTime == ["00:00", "00:01"])
        #expect(history.board == [RaceBoard(running)])
        #expect(history.result.isEmpty)
        #expect(history.notice == [Notice(level: .info, message: "run stopped")])
    }

    @Test("a run that ends without a complete result shows no result and no notice")
    func endsWithoutResult() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        let running = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 0.5, distance: 2)])
        try await script.load()
        try await script.send(running)
        script.race.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.elapsedTime == ["00:00"])
        #expect(history.board == [RaceBoard(running)])
        #expect(history.result.isEmpty)
        #expect(history.notice.isEmpty)
    }

    @Test("the elapsed time is shown only when the text changes: quarter-second ticks give one value a second")
    func onlyChanges() async throws {
        let script = Script(tick: 0.25)
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.send(Sample.snapshot(.running, [Sample.progress(ana)]))
        for _ in 0..<3 { try await script.advance(by: 0.25) }
        #expect(script.history.elapsedTime == ["00:00"])
        try await script.advance(by: 0.25)
        try await waitUntil("00:01") { script.history.elapsedTime.count == 2 }
        for _ in 0..<4 { try await script.advance(by: 0.25) }
        try await waitUntil("00:02") { script.history.elapsedTime.count == 3 }
        #expect(script.history.elapsedTime == ["00:00", "00:01", "00:02"])
        script.race.finish()
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.elapsedTime == ["00:00", "00:01", "00:02"])
    }

    @Test("while waiting for mates the elapsed time stays 00:00 however long the clock runs")
    func waitingDoesNotTick() async throws {
        let script = Script()
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.send(Sample.waiting)
        for _ in 0..<5 { try await script.advance() }
        #expect(script.history.elapsedTime == ["00:00"])
        script.race.fail(RaceSessionError.matesDidNotShowUp(heard: 0, expected: 1, waited: 5))
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.elapsedTime == ["00:00"])
        #expect(script.history.notice.map(\.level) == [.error])
    }
}
