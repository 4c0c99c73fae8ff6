import Domain

/// A run that hands every snapshot to the run's recorder on its way to the view model, and writes
/// the run's end: finished from the last snapshot when the run ends with a result, cancelled when it
/// ends without one or is stopped, interrupted when it fails (or the process dies: the stored row
/// starts as interrupted).
public struct RecordingRaceSession: RaceSessionUseCase {
    public let wrapped: any RaceSessionUseCase
    public let recorder: RunRecorder

    /// `wrapped`, recorded by `recorder`.
    public init(wrapped: any RaceSessionUseCase, recorder: RunRecorder) {
        self.wrapped = wrapped
        self.recorder = recorder
    }

    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RaceSnapshot.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task { [wrapped, recorder] in
            do {
                for try await snapshot in wrapped.snapshots() {
                    await recorder.observe(snapshot)
                    continuation.yield(snapshot)
                }
                // The session ends by itself only when the run is over or was cancelled (a failure throws):
                // without a complete result it was cancelled, whether or not this task saw a cancellation.
                await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .cancelled))
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

    public func cancel() async {
        await wrapped.cancel()
    }
}
