import Domain

/// A run that tells a `FixProbe` when our runner started (the origin of the elapsed time mates see),
/// and is otherwise the wrapped run, snapshot for snapshot.
struct StartObservingSession: RaceSessionUseCase {
    let wrapped: any RaceSessionUseCase
    let probe: FixProbe

    func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task { [wrapped, probe] in
            do {
                for try await snapshot in wrapped.snapshots() {
                    if let startedAt = snapshot.startedAt { probe.recordStart(startedAt) }
                    continuation.yield(snapshot)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    func cancel() async {
        await wrapped.cancel()
    }
}
