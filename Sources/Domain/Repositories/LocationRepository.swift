/// A source of the runner's own positions: the simulator, gpsd, an NMEA log or a GPX replay.
public protocol LocationRepository: Sendable {
    /// The fixes from now on, until the source ends (the stream finishes), fails (it throws), or the
    /// consuming task is cancelled.
    func fixes() -> AsyncThrowingStream<Fix, any Error>

    /// The source's state (`PositionStatus`) whenever it changes, from now until the consumer stops; a
    /// source that only ever has one state yields it once.
    func statuses() -> AsyncStream<PositionStatus>
}
