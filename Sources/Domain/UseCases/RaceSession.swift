import Foundation

/// The run use case: waits for the mates, turns our fixes into progress, publishes it, applies the
/// mates' progress, and reports standings until every peer has the result.
public protocol RaceSessionUseCase: Sendable {
    /// Starts the run on first iteration; ends after the last snapshot (the complete result), or
    /// throws a `RaceSessionError`. Cancelling the consuming task stops the run. Snapshots are state:
    /// a consumer slower than the race gets the newest, not every one made while it was busy.
    func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error>
    /// Our runner cancels the run under way: it is marked cancelled and out of the ranking, the mates
    /// go on, and the snapshots end. Does nothing before the run exists or after it is over.
    func cancel() async
    /// Makes now the step owed to mates' updates that wait for one (`RaceSessionConfiguration.stepSpacing`),
    /// so that a view about to draw shows every update heard so far: its snapshot follows on `snapshots()`.
    /// Returns whether a step was made; false when none was owed.
    func makeOwedStep() async -> Bool
}

extension RaceSessionUseCase {
    /// A session that cannot be cancelled ignores the request.
    public func cancel() async {}
    /// A session whose steps never wait owes none.
    public func makeOwedStep() async -> Bool { false }
}

/// The live implementation of `RaceSessionUseCase`.
public final class RaceSession: RaceSessionUseCase {
    private let configuration: RaceSessionConfiguration
    private let location: any LocationRepository
    private let sync: any RaceSyncRepository
    private let clock: any RaceClock
    private let current = CurrentRun()
    private let owed = OwedStep()
    /// How often our fixes go to the mates, at most: every fix unless the application paces them under
    /// overload (`UpdatePacing`).
    public let pacing = UpdatePacing()

    /// A run with these settings and repositories; it starts when `snapshots()` is iterated.
    public init(
        configuration: RaceSessionConfiguration,
        location: any LocationRepository,
        sync: any RaceSyncRepository,
        clock: any RaceClock
    ) {
        self.configuration = configuration
        self.location = location
        self.sync = sync
        self.clock = clock
    }

    /// Starts a run and streams its snapshots (see `RaceSessionUseCase.snapshots()`).
    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: RaceSnapshot.self, bufferingPolicy: .bufferingNewest(1)
        )
        let state = RaceSessionState(
            configuration: configuration, clock: clock, sync: sync, emit: continuation, pacing: pacing, owed: owed
        )
        current.set(state)
        let task = Task { [location, sync, clock, configuration] in
            do {
                try await Self.run(state: state, location: location, sync: sync, clock: clock, configuration: configuration)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Cancels the run started last (see `RaceSessionUseCase.cancel()`).
    public func cancel() async {
        await current.state?.cancel()
    }

    /// Makes the step the run started last owes (see `RaceSessionUseCase.makeOwedStep()`); without a
    /// visit to the run when none is owed.
    public func makeOwedStep() async -> Bool {
        guard owed.isOwed else { return false }
        return await current.state?.makeOwedStep() ?? false
    }

    private static func run(
        state: RaceSessionState,
        location: any LocationRepository,
        sync: any RaceSyncRepository,
        clock: any RaceClock,
        configuration: RaceSessionConfiguration
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // A batch is what arrived while the last one was applied: under load the snapshots
                // (and everything made of them) come once per batch, not once per update.
                for await batch in sync.updateBatches() {
                    await state.receive(batch)
                }
            }
            group.addTask {
                for await ghost in sync.ghosts() {
                    await state.adopt(ghost)
                }
            }
            group.addTask {
                while try await state.tick() {
                    try await clock.sleep(for: configuration.heartbeat, tolerance: configuration.heartbeatTolerance)
                }
            }
            try await state.waitUntilStarted()
            // A made-up runner (the simulator, a paced replay) starts at the race's start, not when this
            // task got to ask: the same seeds, the same race, however busy the machine.
            let raceStart = await state.startedAt
            group.addTask {
                do {
                    for try await fix in location.fixes(from: raceStart) {
                        if await state.record(fix) == .finished { return }
                    }
                    // A stream of fixes ends without an error when its reader is cancelled: the run was
                    // stopped, and the source did not end.
                    if Task.isCancelled { return }
                    throw RaceSessionError.positionSourceEnded(await state.sourceEnd)
                } catch is CancellationError {
                    return
                } catch {
                    await state.fail(error)
                }
            }
            try await state.waitUntilOver()
            group.cancelAll()
        }
    }
}
