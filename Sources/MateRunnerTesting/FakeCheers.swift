import Domain

/// Cheers whose sending the test watches (and can make fail) and whose received cheers it sends.
public final class FakeCheers: CheerUseCase {
    /// One cheer sent.
    public struct Sent: Sendable, Equatable {
        /// The emoji.
        public var emoji: CheerEmoji
        /// The runner cheered, nil for every mate.
        public var recipient: RunnerID?

        /// `emoji` sent to `recipient`.
        public init(emoji: CheerEmoji, recipient: RunnerID?) {
            self.emoji = emoji
            self.recipient = recipient
        }
    }

    private struct State {
        var sent: [Sent] = []
        var learned: [Runner] = []
        var failure: (any Error & Sendable)?
    }

    private let stream: AsyncStream<ReceivedCheer>
    private let continuation: AsyncStream<ReceivedCheer>.Continuation
    private let state = Locked(State())

    /// Cheers with nothing sent or received yet.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: ReceivedCheer.self)
    }

    public func send(_ emoji: CheerEmoji, to recipient: RunnerID?) async throws {
        let failure = state.withLock { state -> (any Error & Sendable)? in
            if let failure = state.failure { return failure }
            state.sent.append(Sent(emoji: emoji, recipient: recipient))
            return nil
        }
        if let failure { throw failure }
    }

    public func received() -> AsyncStream<ReceivedCheer> {
        stream
    }

    public func learn(_ runners: [Runner]) async {
        state.withLock { $0.learned += runners }
    }

    /// The runners it was told of (by name), in order.
    public var learned: [Runner] { state.value.learned }

    /// Every cheer sent, in order.
    public var sent: [Sent] { state.value.sent }

    /// Sending fails with `error` from now on (nil: succeeds again).
    public func failSending(with error: (any Error & Sendable)?) {
        state.withLock { $0.failure = error }
    }

    /// A mate's cheer arrives.
    public func receive(_ cheer: ReceivedCheer) { continuation.yield(cheer) }
}
