import Domain

/// A position source whose run is also shown elsewhere (`--owntracks-publish`): `wrapped`'s fixes and
/// statuses unchanged; every snapshot handed to `wrapped` when it shows the race itself (a phone's reply)
/// and to `also`.
public struct ShowingLocationRepository: LocationRepository, RaceShowing {
    public let wrapped: any LocationRepository
    public let also: any RaceShowing

    public init(wrapped: any LocationRepository, also: any RaceShowing) {
        self.wrapped = wrapped
        self.also = also
    }

    public func fixes() -> AsyncThrowingStream<Fix, any Error> { wrapped.fixes() }

    public func statuses() -> AsyncStream<PositionStatus> { wrapped.statuses() }

    public func show(_ snapshot: RaceSnapshot) {
        (wrapped as? any RaceShowing)?.show(snapshot)
        also.show(snapshot)
    }
}
