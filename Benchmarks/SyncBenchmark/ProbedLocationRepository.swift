import Domain
import Foundation

/// A position source that notes in a `FixProbe` when each fix leaves it, then hands it on unchanged.
struct ProbedLocationRepository: LocationRepository {
    let wrapped: any LocationRepository
    let probe: FixProbe

    func statuses() -> AsyncStream<PositionStatus> {
        wrapped.statuses()
    }

    func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self, bufferingPolicy: .bufferingNewest(16))
        let task = Task { [wrapped, probe] in
            do {
                for try await fix in wrapped.fixes(from: raceStart) {
                    probe.record(fix, at: monotonicNanoseconds())
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
