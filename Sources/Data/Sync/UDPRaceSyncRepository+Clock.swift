import Domain

// MARK: Race clock and deltas, as the executable and the benchmark read them

extension UDPRaceSyncRepository {
    /// The race-clock host: the runner with the lowest id heard (or `me` before any hello).
    public func clockHost(me: RunnerID) -> RunnerID {
        store.withState { $0.clock.host(me: me) }
    }

    /// This peer's estimate of the host's clock (empty while it is the host or before the first pong).
    public var clockEstimate: RaceClockEstimate { store.withState { $0.clock.estimate } }

    /// Whether a mate's hello has been heard, so that a race clock is agreed (we may be its host).
    public var hasHeardClockMate: Bool { store.withState { $0.clock.lowestMate != nil } }

    /// How big the progress updates sent so far were (one per peer per progress, full or delta).
    public var progressUpdateSizes: UpdateSizes { store.withState { $0.deltas.sizes } }
}
