/// The running screen's status, pulled at the view's own pace: the newest once something changed, not
/// before the instant given (a change that comes later is taken at once, with no timer). State, not
/// events: the statuses in between are skipped, never queued or even made. One path in production and
/// in tests: the binder asks with its interval; reading every status (`for await`) asks with none.
public struct RunningStatusFeed: AsyncSequence, Sendable {
    public typealias Element = RunningStatus

    private let take: @Sendable (_ notBefore: ContinuousClock.Instant?) async -> RunningStatus?

    /// A feed whose next status `take` gives, not before the instant it is handed (nil: at once once
    /// changed); nil when the run is over.
    public init(_ take: @escaping @Sendable (_ notBefore: ContinuousClock.Instant?) async -> RunningStatus?) {
        self.take = take
    }

    /// The newest status once something changed since the last, not before `notBefore`; nil at the end.
    public func next(notBefore: ContinuousClock.Instant?) async -> RunningStatus? {
        await take(notBefore)
    }

    /// Every status as it changes, none paced.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let feed: RunningStatusFeed

        public mutating func next() async -> RunningStatus? {
            await feed.next(notBefore: nil)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(feed: self)
    }
}
