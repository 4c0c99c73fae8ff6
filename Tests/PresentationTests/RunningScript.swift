import Domain
import Foundation
import MateRunnerTesting
@testable import Presentation

/// One running view model under test: its scripted inputs, fake run and cheers, manual clock and
/// recorded outputs. Each step waits for what it causes, so the history is deterministic.
struct RunningScript {
    let clock = ManualRaceClock()
    let race: FakeRaceSession
    let cheers = FakeCheers()
    let outputs = RunningOutputRecorder()
    let viewDidLoad: AsyncStream<Void>.Continuation
    let stopRequested: AsyncStream<Void>.Continuation
    let cancelConfirmed: AsyncStream<Void>.Continuation
    let cheerRequested: AsyncStream<CheerRequest>.Continuation
    /// The position source's states, as the run's source would report them.
    let positions: AsyncStream<PositionStatus>.Continuation
    /// The transport's refused datagrams, one look at a time (`RefusalNotices.interval` apart in a run).
    let refusals: AsyncStream<[RefusedDatagrams]>.Continuation

    init(
        tick: TimeInterval = 1, role: RunningViewModel.Role = .runner, snapshotInterval: Duration = .zero,
        race: FakeRaceSession = FakeRaceSession()
    ) {
        self.race = race
        let loaded = AsyncStream.makeStream(of: Void.self)
        let stop = AsyncStream.makeStream(of: Void.self)
        let cancel = AsyncStream.makeStream(of: Void.self)
        let cheer = AsyncStream.makeStream(of: CheerRequest.self)
        viewDidLoad = loaded.continuation
        stopRequested = stop.continuation
        cancelConfirmed = cancel.continuation
        cheerRequested = cheer.continuation
        let position = AsyncStream.makeStream(of: PositionStatus.self)
        positions = position.continuation
        let refused = AsyncStream.makeStream(of: [RefusedDatagrams].self)
        refusals = refused.continuation
        let viewModel = RunningViewModel(dependency: .init(
            race: race, cheers: cheers, clock: clock, tick: tick, role: role, positions: { position.stream },
            snapshotInterval: { snapshotInterval }, refusals: { refused.stream }
        ))
        outputs.record(viewModel.transform(input: .init(
            viewDidLoad: loaded.stream, stopRequested: stop.stream, cancelConfirmed: cancel.stream, cheerRequested: cheer.stream
        )))
    }

    var history: RunningOutputRecorder.History { outputs.history }

    /// The view is up: the run starts, and the tick has shown 00:00 (kept for the first board).
    func load() async throws {
        viewDidLoad.yield(())
        try await waitUntil("the run to start") { race.calls == 1 }
        try await waitForTickToSleep()
    }

    func waitForTickToSleep() async throws {
        try await waitUntil("the elapsed-time tick to sleep on the clock") { clock.sleeperCount == 1 }
    }

    /// The run reports a snapshot; waits for the status it gives.
    func send(_ snapshot: RaceSnapshot) async throws {
        let shown = history.status.count
        race.send(snapshot)
        try await waitUntil("status \(shown + 1)") { history.status.count == shown + 1 }
    }

    /// Advances the clock; waits for the tick to run and sleep again.
    func advance(by seconds: TimeInterval = 1) async throws {
        try await waitForTickToSleep()
        clock.advance(by: seconds)
        try await waitForTickToSleep()
    }

    /// Advances one tick and waits for the new status it shows.
    func tick() async throws {
        let shown = history.status.count
        try await advance()
        try await waitUntil("status \(shown + 1)") { history.status.count == shown + 1 }
    }

    func waitForAllOutputsToFinish() async throws {
        try await waitUntil("every output to finish") { outputs.allFinished }
    }
}
