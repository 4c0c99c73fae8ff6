import Domain

/// A run whose every snapshot is also shown outside the program (`RaceShowing`: a phone app's map of
/// the mates), on its way to the consumer, with no task of its own in between.
public struct ShowingRaceSession: RaceSessionUseCase {
    public let wrapped: any RaceSessionUseCase
    public let showing: any RaceShowing

    /// `wrapped`, each snapshot handed to `showing`.
    public init(wrapped: any RaceSessionUseCase, showing: any RaceShowing) {
        self.wrapped = wrapped
        self.showing = showing
    }

    public func snapshots() -> AsyncThrowingStream<RaceSnapshot, any Error> {
        let source = SingleConsumerIterator(wrapped.snapshots().makeAsyncIterator())
        let showing = self.showing
        return AsyncThrowingStream {
            guard let snapshot = try await source.next() else { return nil }
            showing.show(snapshot)
            return snapshot
        }
    }

    public func cancel() async {
        await wrapped.cancel()
    }

    public func makeOwedStep() async -> Bool {
        await wrapped.makeOwedStep()
    }
}
