/// An async iterator handed to the unfolding closure of an `AsyncStream` or `AsyncThrowingStream`
/// (`AsyncStream { … }`), which pulls from another sequence for the stream's one consumer. The stream
/// never calls its closure again before the last call returned, so the iterator is never used from two
/// tasks at once: `@unchecked Sendable` on that promise alone; give it to no one else.
public final class SingleConsumerIterator<Base: AsyncIteratorProtocol>: @unchecked Sendable {
    private var base: Base

    public init(_ base: Base) {
        self.base = base
    }

    /// The base iterator's next element (nil at its end), throwing what it throws.
    public func next() async throws(Base.Failure) -> Base.Element? {
        try await base.next(isolation: nil)
    }
}
