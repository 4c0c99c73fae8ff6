import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The running view model as a script of input events against a fake run and a manual clock,
/// asserting the whole history of every output (kickstarter style). Each step waits for the output
/// it causes before the next, so the history is deterministic; nothing sleeps for real.
@Suite("RunningViewModel", .timeLimit(.minutes(1)))
struct RunningViewModelTests {
    /// What a runner's screen takes: every status says so.
    static let runnerInputs = ["stop", "cancel", "cheer"]

    let ana = Sample.ana
    let bor = Sample.bor

    @Test("a whole race: the status after every snapshot and every tick that changes the elapsed time, the result once at the end")
    func wholeRace() async throws {
        let script = RunningScript()
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
        // Once we have finished, the elapsed time is our finish time, from the status that says so on; the
        // tick after it has nothing new to show.
        try await script.send(snapshots[4])
        try await script.advance()
        try await script.send(snapshots[5])
        try await script.waitForTickToSleep()
        script.race.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        let boards = snapshots.map(RaceBoard.init)
        let shown = [("00:00", 0), ("00:00", 1), ("00:01", 1), ("00:01", 2), ("00:02", 2), ("00:02", 3), ("00:03", 3), ("00:02", 4),
                     ("00:02", 5)]
        #expect(history.status == shown.map { RunningStatus(elapsed: $0.0, board: boards[$0.1], inputs: Self.runnerInputs) })
        #expect(boards.map(\.stage) == ["waiting", "running", "running", "running", "running", "complete"])
        #expect(boards.map(\.headline) == [
            "waiting for mates: 0 of 1", "running to 0.10 km", "running to 0.10 km", "running to 0.10 km",
            "running to 0.10 km", "finished",
        ])
        #expect(boards.map { $0.mine?.distance } == ["0.00 km", "0.00 km", "0.04 km", "0.09 km", "0.10 km", "0.10 km"])
        #expect(history.result == [RunningResult(snapshots[5])])
        #expect(history.result.map(\.summary) == ["ana wins in 00:02"])
        #expect(history.result.first?.winner?.name == "ana")
        #expect(history.cheer.isEmpty)
        #expect(history.notice.isEmpty)
        #expect(script.race.calls == 1)
    }

    @Test("with a snapshot interval, a burst of snapshots is shown as its newest, after the interval; the complete one ends the run without another wait")
    func pacedSnapshots() async throws {
        // A race that keeps only its newest snapshot for a busy consumer, as `RaceSession` does.
        let script = RunningScript(snapshotInterval: .seconds(1), race: FakeRaceSession(buffering: .bufferingNewest(1)))
        defer { script.outputs.cancel() }
        let steps = (0...4).map { step in
            Sample.snapshot(.running, [Sample.progress(ana, elapsed: 0, distance: Double(step * 10)), Sample.progress(bor)])
        }
        try await script.load()
        let started = ContinuousClock.now
        try await script.send(steps[0])
        // Taken while the view model waits out the interval after the first: only the newest is shown.
        for step in steps[1...] { script.race.send(step) }
        try await Self.waitReally(until: "the newest after the interval") { script.history.status.count == 2 }
        #expect(ContinuousClock.now - started >= .seconds(1), "nothing is taken before the interval is over")
        #expect(script.history.status.map(\.board) == [RaceBoard(steps[0]), RaceBoard(steps[4])], "the 10, 20 and 30 m snapshots are never shown")
        // The complete snapshot is taken once the interval after the last one is over, and the run ends with it.
        let complete = Sample.snapshot(.complete, [
            Sample.progress(ana, .finished, elapsed: 3, distance: 105, finishTime: 2.2),
            Sample.progress(bor, .finished, elapsed: 4, distance: 104, finishTime: 3.05),
        ])
        script.race.send(complete)
        script.race.finish()
        try await Self.waitReally(until: "the result") { !script.history.result.isEmpty }
        #expect(script.history.result == [RunningResult(complete)])
        try await script.waitForAllOutputsToFinish()
    }

    /// Polls `condition` every 10 ms of real time, for at most 10 s (the view model waits on a real clock here).
    static func waitReally(until what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestFailure("gave up after 10 s waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("the position source's state rides on the status: no fix yet, then a fix; an unchanged state shows nothing new")
    func positionStatus() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.send(Sample.snapshot(.running, [Sample.progress(ana), Sample.progress(bor)]))
        #expect(script.history.status.last?.position == nil)
        script.positions.yield(PositionStatus(source: .gpsd, state: .noFix))
        try await waitUntil("the no-fix status") { script.history.status.count == 2 }
        #expect(script.history.status.last?.position == FrontEndPosition(source: "gpsd", state: "no_fix", summary: "GPS: no fix yet"))
        script.positions.yield(PositionStatus(source: .gpsd, state: .noFix))
        script.positions.yield(PositionStatus(source: .gpsd, state: .fix3D, accuracyMetres: 3.14159))
        try await waitUntil("the fix status") { script.history.status.last?.position?.state == "fix_3d" }
        #expect(script.history.status.last?.position == FrontEndPosition(source: "gpsd", state: "fix_3d", accuracyMetres: 3.1, summary: "GPS 3D fix ±3 m"))
        #expect(script.history.status.map { $0.position?.state } == [nil, "no_fix", "fix_3d"], "the unchanged no-fix state showed nothing new")
        // The board and the elapsed time beside it are the latest ones.
        #expect(script.history.status.last?.board == script.history.status.first?.board)
    }

    @Test("nothing starts before the view is up, and nothing at all if it never is")
    func neverLoaded() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        for _ in 0..<1_000 { await Task.yield() }
        #expect(script.race.calls == 0)
        script.viewDidLoad.finish()
        try await script.waitForAllOutputsToFinish()
        let history = script.history
        #expect(history.status.isEmpty && history.cheer.isEmpty && history.result.isEmpty && history.notice.isEmpty)
        #expect(script.race.calls == 0)
    }

    @Test("a failing run gives one error notice and every output finishes")
    func failingRun() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        let failure = RaceSessionError.matesDidNotShowUp(heard: 0, expected: 1, waited: 60)
        try await script.load()
        try await script.send(Sample.waiting)
        script.race.fail(failure)
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.status == [RunningStatus(elapsed: "00:00", board: RaceBoard(Sample.waiting), inputs: Self.runnerInputs)])
        #expect(history.result.isEmpty)
        #expect(history.notice == [Notice(level: .error, message: failure.description)])
        #expect(history.notice.first?.message.contains("heard from 0 of 1 mate(s) in 60 s") == true)
    }

    @Test("stop requested: notice 'run stopped', the run is cancelled, every output finishes")
    func stopRequested() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        let running = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: 4), Sample.progress(bor, elapsed: 1, distance: 3)])
        try await script.load()
        try await script.send(running)
        try await script.tick()
        script.stopRequested.yield(())
        try await script.waitForAllOutputsToFinish()
        try await waitUntil("the run to be cancelled") { script.race.terminated }

        let history = script.history
        #expect(history.status.map(\.elapsed) == ["00:00", "00:01"])
        #expect(history.status.map(\.board) == [RaceBoard(running), RaceBoard(running)])
        // A stopped run ends with its result all the same: the board as it stood, no winner.
        #expect(history.result == [RunningResult(
            board: RaceBoard(running), winner: nil, summary: "run stopped at 00:01, before the end: you led with 0.00 km"
        )])
        #expect(history.notice == [Notice(level: .info, message: "run stopped")])
    }

    @Test("a confirmed cancel cancels the run; a cancelled runner is said once, and the run ends with its result, unranked")
    func cancelConfirmed() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        let running = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: 4), Sample.progress(bor, elapsed: 1, distance: 3)])
        let cancelled = Sample.snapshot(.running, [Sample.progress(ana, .cancelled, elapsed: 1, distance: 4), Sample.progress(bor, elapsed: 1, distance: 5)])
        try await script.load()
        try await script.send(running)
        script.cancelConfirmed.yield(())
        try await waitUntil("the run to be cancelled") { script.race.cancels == 1 }
        try await script.send(cancelled)
        try await script.send(cancelled)
        script.race.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.status.map(\.board) == [RaceBoard(running), RaceBoard(cancelled), RaceBoard(cancelled)])
        #expect(history.notice == [Notice(level: .info, message: "you cancelled")])
        #expect(history.result == [RunningResult(board: RaceBoard(cancelled), winner: nil, summary: "you cancelled at 0.00 km after 00:01")])
        // Out of the ranking: no rank (never 0), listed after the ranked runner.
        #expect(history.result.first?.board.runners.map(\.rank) == [1, nil])
    }

    @Test("cheers: a mate's cheer is shown; ours are sent; an unknown emoji and a failed send are warnings")
    func cheers() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        try await script.load()
        script.cheers.receive(ReceivedCheer(sender: bor, recipient: ana, emoji: .clap, sentAt: Sample.start))
        script.cheers.receive(ReceivedCheer(sender: bor, recipient: nil, emoji: .fire, sentAt: Sample.start))
        try await waitUntil("two cheers") { script.history.cheer.count == 2 }
        script.cheerRequested.yield(CheerRequest(emoji: "👏", to: bor.id.description))
        try await waitUntil("a cheer sent") { script.cheers.sent.count == 1 }
        script.cheerRequested.yield(CheerRequest(emoji: "🦆"))
        try await waitUntil("a warning") { script.history.notice.count == 1 }
        script.cheers.failSending(with: CheerError.toSelf)
        script.cheerRequested.yield(CheerRequest(emoji: "🔥"))
        try await waitUntil("a second warning") { script.history.notice.count == 2 }
        script.race.finish()
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.cheer == [
            FrontEndCheer(from: "bor", to: "ana", emoji: CheerEmoji.clap.symbol),
            FrontEndCheer(from: "bor", to: nil, emoji: CheerEmoji.fire.symbol),
        ])
        #expect(script.cheers.sent == [FakeCheers.Sent(emoji: .clap, recipient: bor.id)])
        #expect(history.notice == [
            Notice(level: .warning, message: "a front-end sent a cheer with an unknown emoji 🦆: ignored"),
            Notice(level: .warning, message: "\(CheerError.toSelf)"),
        ])
    }

    @Test("refused datagrams: each look says what grew since the last, by runner and address, as a warning; a look with nothing new says nothing")
    func refusedDatagrams() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        try await script.load()
        let mismatch = { (count: Int) in RefusedDatagrams(subject: .runner("bob"), source: "10.0.0.9", reasons: ["address-mismatch": count]) }
        let fresh = RefusedDatagrams(subject: .unknown, source: "10.0.0.9", reasons: ["runner-limit": 56])
        script.refusals.yield([mismatch(12), fresh])
        try await waitUntil("two warnings") { script.history.notice.count == 2 }
        script.refusals.yield([mismatch(12), fresh])
        var grown = mismatch(13)
        grown.reasons["sequence-jump"] = 2
        script.refusals.yield([grown, fresh, RefusedDatagrams(subject: .you, source: "10.0.0.7", reasons: ["own-sender": 1])])
        try await waitUntil("four warnings") { script.history.notice.count == 4 }
        script.race.finish()
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.notice == [
            Notice(level: .warning, message: "12 datagrams about bob from 10.0.0.9 refused: address-mismatch 12"),
            Notice(level: .warning, message: "56 datagrams about runners not in this race from 10.0.0.9 refused: runner-limit 56"),
            Notice(level: .warning, message: "3 datagrams about bob from 10.0.0.9 refused: sequence-jump 2, address-mismatch 1"),
            Notice(level: .warning, message: "1 datagram about you from 10.0.0.7 refused: own-sender 1"),
        ])
    }

    @Test("a spectator: its status offers only stop; cancel and cheer inputs act on nothing; runners' cheers are shown; a stop ends with the result")
    func spectator() async throws {
        let script = RunningScript(role: .spectator)
        defer { script.outputs.cancel() }
        let running = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: 4), Sample.progress(bor, elapsed: 1, distance: 3)])
        try await script.load()
        try await script.send(running)
        script.cancelConfirmed.yield(())
        script.cheerRequested.yield(CheerRequest(emoji: "👏"))
        script.cheers.receive(ReceivedCheer(sender: bor, recipient: nil, emoji: .clap, sentAt: Sample.start))
        try await waitUntil("the runner's cheer") { script.history.cheer.count == 1 }
        script.stopRequested.yield(())
        try await script.waitForAllOutputsToFinish()

        let history = script.history
        #expect(history.status.map(\.inputs) == [["stop"]])
        #expect(script.race.cancels == 0)
        #expect(script.cheers.sent.isEmpty)
        #expect(history.cheer == [FrontEndCheer(from: "bor", to: nil, emoji: CheerEmoji.clap.symbol)])
        #expect(history.result.map(\.summary) == ["stopped watching at 00:00, before the end: ana led with 0.00 km"])
        // The board's runners were named to the cheers, once each (a cheer from one of them is shown by name).
        #expect(script.cheers.learned == [ana, bor])
        #expect(history.notice == [Notice(level: .info, message: "run stopped")])
    }

    @Test("the elapsed time changes the status only when its text changes: quarter-second ticks give one a second")
    func onlyChanges() async throws {
        let script = RunningScript(tick: 0.25)
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.send(Sample.snapshot(.running, [Sample.progress(ana)]))
        for _ in 0..<3 { try await script.advance(by: 0.25) }
        #expect(script.history.status.map(\.elapsed) == ["00:00"])
        try await script.advance(by: 0.25)
        try await waitUntil("00:01") { script.history.status.count == 2 }
        for _ in 0..<4 { try await script.advance(by: 0.25) }
        try await waitUntil("00:02") { script.history.status.count == 3 }
        script.race.finish()
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.status.map(\.elapsed) == ["00:00", "00:01", "00:02"])
    }

    @Test("while waiting for mates the elapsed time stays 00:00 however long the clock runs")
    func waitingDoesNotTick() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.send(Sample.waiting)
        for _ in 0..<5 { try await script.advance() }
        script.race.fail(RaceSessionError.matesDidNotShowUp(heard: 0, expected: 1, waited: 5))
        try await script.waitForAllOutputsToFinish()
        #expect(script.history.status.map(\.elapsed) == ["00:00"])
        #expect(script.history.notice.map(\.level) == [.error])
    }
}
