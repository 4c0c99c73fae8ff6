import Domain

/// A position source that hands every fix to the run's recorder (for the route) on its way to the run.
struct RecordingLocationRepository: LocationRepository {
    let wrapped: any LocationRepository
    let recorder: RunRecorder

    func fixes() -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self)
        let task = Task { [wrapped, recorder] in
            do {
                for try await fix in wrapped.fixes() {
                    await recorder.observe(fix)
                    continuation.yield(fix)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
