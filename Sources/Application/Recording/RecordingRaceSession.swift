import Domain

/// A run that hands every snapshot to the run's recorder on its way to the view model, and writes
/// the run's end: finished from the last snapshot when the run ends with a result, cancelled when our
/// runner cancelled (or everybody did), stopped when it ends without a result otherwise (Ctrl-C, SIGTERM,
/// a closed output, a front-end's stop), interrupted when it fails (or the process dies: the stored row
/// starts as interrupted).
public struct RecordingRaceSession: RaceSessionUseCase {
    public let wrapped: any RaceSessionUseCase
    public let recorder: RunRecorder

    /// `wrapped`, recorded by `recorder`.
    public init(wrapped: any RaceSessionUseCase, recorder: RunRecorder) {
        self.wrapped = wrapped
        self.recorder = recorder
    }

    /// The wrapped session's snapshots, each handed to the recorder as the consumer takes it: pulled
    /// through, with no task of its own between the session and the consumer (one thread wake-up less
    /// per snapshot). The end is recorded when the snapshots end: finished or cancelled from the last
    /// snapshot, interrupted when the run failed.
    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let source = SingleConsumerIterator(wrapped.snapshots().makeAsyncIterator())
        let recorder = self.recorder
        return AsyncThrowingStream {
            do {
                if let snapshot = try await source.next() {
                    await recorder.observe(snapshot)
                    return snapshot
                }
                // The session ends by itself only when the run is over or was stopped (a failure throws):
                // without a complete result or a cancel of ours it was stopped.
                await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .stopped))
                return nil
            } catch is CancellationError {
                await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .stopped))
                return nil
            } catch {
                await recorder.end(.interrupted)
                throw error
            }
        }
    }

    public func cancel() async {
        await wrapped.cancel()
    }

    public func makeOwedStep() async -> Bool {
        await wrapped.makeOwedStep()
    }
}
