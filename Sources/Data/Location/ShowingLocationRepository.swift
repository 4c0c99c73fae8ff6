import Domain
import Foundation

/// A position source whose run is also shown elsewhere (`--owntracks-publish`): `wrapped`'s fixes and
/// statuses unchanged, each fix also handed to `onFix` (our own place, for the phones' maps); every
/// snapshot handed to `wrapped` when it shows the race itself (a phone's reply) and to `also`.
public struct ShowingLocationRepository: LocationRepository, RaceShowing {
    public let wrapped: any LocationRepository
    public let also: any RaceShowing
    public let onFix: (@Sendable (Fix) -> Void)?

    public init(wrapped: any LocationRepository, also: any RaceShowing, onFix: (@Sendable (Fix) -> Void)? = nil) {
        self.wrapped = wrapped
        self.also = also
        self.onFix = onFix
    }

    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        guard let onFix else { return wrapped.fixes(from: raceStart) }
        let upstream = wrapped.fixes(from: raceStart)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self)
        let task = Task {
            do {
                for try await fix in upstream {
                    onFix(fix)
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

    public func statuses() -> AsyncStream<PositionStatus> { wrapped.statuses() }

    public func show(_ snapshot: RaceSnapshot) {
        (wrapped as? any RaceShowing)?.show(snapshot)
        also.show(snapshot)
    }
}
