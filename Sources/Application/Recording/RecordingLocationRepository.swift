import Domain
import Foundation

/// A position source that hands every fix the run takes to the run's recorder (for the route). It is
/// pulled, not pushed: a fix is recorded when the run asks for it, so the route holds exactly the fixes
/// the run measured its distance on (none produced after the run stopped asking, e.g. after its finish).
public struct RecordingLocationRepository: LocationRepository {
    public let wrapped: any LocationRepository
    public let recorder: RunRecorder

    /// `wrapped`, its fixes recorded by `recorder`.
    public init(wrapped: any LocationRepository, recorder: RunRecorder) {
        self.wrapped = wrapped
        self.recorder = recorder
    }

    /// The wrapped source's states, as they are.
    public func statuses() -> AsyncStream<PositionStatus> {
        wrapped.statuses()
    }

    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let source = SingleConsumerIterator(wrapped.fixes(from: raceStart).makeAsyncIterator())
        let recorder = self.recorder
        return AsyncThrowingStream {
            guard let fix = try await source.next() else { return nil }
            await recorder.observe(fix)
            return fix
        }
    }
}
