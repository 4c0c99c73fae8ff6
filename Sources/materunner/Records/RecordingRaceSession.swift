import Domain

/// A run that hands every snapshot to the run's recorder on its way to the view model, and writes
/// the run's end: finished or cancelled from the last snapshot when the run ends by itself, cancelled
/// when it is stopped, interrupted when it fails.
struct RecordingRaceSession: RaceSessionUseCase {
    let wrapped: any RaceSessionUseCase
    let recorder: RunRecorder

    func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task { [wrapped, recorder] in
            do {
                for try await snapshot in wrapped.snapshots() {
                    await recorder.observe(snapshot)
                    continuation.yield(snapshot)
                }
                let stopped = Task.isCancelled
                await recorder.end(await recorder.statusFromLastSnapshot(otherwise: stopped ? .cancelled : .interrupted))
                continuation.finish()
            } catch is CancellationError {
                await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .cancelled))
                continuation.finish()
            } catch {
                await recorder.end(.interrupted)
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
