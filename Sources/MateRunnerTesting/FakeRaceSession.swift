import Domain

/// A race use case whose snapshots the test sends one by one; counts the runs started and the
/// cancels asked for.
public final class FakeRaceSession: RaceSessionUseCase {
    private struct State {
        var calls = 0
        var cancels = 0
        var terminated = false
        var owed: RaceSnapshot?
        var owedStepsAsked = 0
    }

    private let stream: AsyncThrowingStream<RaceSnapshot, any Error>
    private let continuation: AsyncThrowingStream<RaceSnapshot, any Error>.Continuation
    private let state = Locked(State())

    /// A run that has sent nothing yet; it keeps what its consumer has not taken as `buffering` says
    /// (every snapshot by default; `.bufferingNewest(1)` as `RaceSession` does).
    public init(buffering: AsyncThrowingStream<RaceSnapshot, any Error>.Continuation.BufferingPolicy = .unbounded) {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self, bufferingPolicy: buffering)
        continuation.onTermination = { [state] _ in state.withLock { $0.terminated = true } }
    }

    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        state.withLock { $0.calls += 1 }
        return stream
    }

    public func cancel() async {
        state.withLock { $0.cancels += 1 }
    }

    /// Sends the snapshot of the step owed (`owe(_:)`), if any.
    public func makeOwedStep() async -> Bool {
        let owed = state.withLock { state -> RaceSnapshot? in
            state.owedStepsAsked += 1
            defer { state.owed = nil }
            return state.owed
        }
        guard let owed else { return false }
        continuation.yield(owed)
        return true
    }

    /// The run owes a step for mates' updates: `snapshot` is sent when a view asks for it.
    public func owe(_ snapshot: RaceSnapshot) { state.withLock { $0.owed = snapshot } }
    /// How many times a view asked for the owed step.
    public var owedStepsAsked: Int { state.value.owedStepsAsked }
    /// How many times the run was started.
    public var calls: Int { state.value.calls }
    /// How many times our runner cancelled the run.
    public var cancels: Int { state.value.cancels }
    /// Whether the snapshot stream ended (finished, failed, or its consumer was cancelled).
    public var terminated: Bool { state.value.terminated }

    /// The run reports `snapshot`.
    public func send(_ snapshot: RaceSnapshot) { continuation.yield(snapshot) }
    /// The run is over.
    public func finish() { continuation.finish() }
    /// The run fails with `error`.
    public func fail(_ error: any Error) { continuation.finish(throwing: error) }
}
