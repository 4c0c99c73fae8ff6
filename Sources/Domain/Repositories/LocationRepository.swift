/// A source of the runner's own positions: the simulator, gpsd, an NMEA log or a GPX replay.
public protocol LocationRepository: Sendable {
    /// The fixes from now on, until the source ends (the stream finishes), fails (it throws), or the
    /// consuming task is cancelled.
    func fixes() -> AsyncThrowingStream<Fix, any Error>
}
