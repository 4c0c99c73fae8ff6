import Foundation

/// A source of the runner's own positions: the simulator, gpsd, an NMEA log or a GPX replay.
public protocol LocationRepository: Sendable {
    /// The fixes from now on, until the source ends (the stream finishes), fails (it throws), or the
    /// consuming task is cancelled. `raceStart`, when given, is the instant the race started on the
    /// source's clock: a source that makes a runner up (the simulator, a replay at a pace) starts it
    /// running then, not when its reader happened to ask, so that the same seed gives the same race
    /// on a busy machine too; a source that reads a receiver or a phone ignores it.
    func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error>

    /// The source's state (`PositionStatus`) whenever it changes, from now until the consumer stops; a
    /// source that only ever has one state yields it once.
    func statuses() -> AsyncStream<PositionStatus>
}

extension LocationRepository {
    /// The fixes from now on, with no race start (`fixes(from: nil)`).
    public func fixes() -> AsyncThrowingStream<Fix, any Error> {
        fixes(from: nil)
    }
}
