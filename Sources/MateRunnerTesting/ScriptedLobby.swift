import Domain

/// A lobby whose events the test sends one by one; records the answers and cancels it was given,
/// and refuses the answers to the invitation ids it is told to.
public final class ScriptedLobby: LobbyUseCase {
    /// One answer given to the lobby.
    public struct Answer: Sendable, Equatable {
        /// The invitation answered.
        public var id: UInt32
        /// Accepted, or declined.
        public var accept: Bool

        /// An answer to `id`.
        public init(id: UInt32, accept: Bool) {
            self.id = id
            self.accept = accept
        }
    }

    private struct State {
        var runs = 0
        var answers: [Answer] = []
        var cancels = 0
        var refusing: [UInt32: any Error & Sendable] = [:]
        var reply: (@Sendable (Answer) -> LobbyEvent?)?
    }

    private let stream: AsyncThrowingStream<LobbyEvent, any Error>
    private let continuation: AsyncThrowingStream<LobbyEvent, any Error>.Continuation
    private let state = Locked(State())

    /// A lobby that has said nothing yet.
    public init() {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: LobbyEvent.self)
    }

    public func events() -> AsyncThrowingStream<LobbyEvent, any Error> {
        state.withLock { $0.runs += 1 }
        return stream
    }

    public func answer(_ id: UInt32, accept: Bool) async throws {
        let answer = Answer(id: id, accept: accept)
        let (refusal, reply) = state.withLock { state -> ((any Error & Sendable)?, LobbyEvent?) in
            state.answers.append(answer)
            return (state.refusing[id], state.reply?(answer))
        }
        if let refusal { throw refusal }
        // Told before the answer returns, as `JoinLobby` closes a declined invitation.
        if let reply { continuation.yield(reply) }
    }

    /// Each answer given (not refused) makes the lobby tell what `reply` gives, before it returns.
    public func replying(_ reply: @escaping @Sendable (Answer) -> LobbyEvent?) {
        state.withLock { $0.reply = reply }
    }

    public func cancel() async {
        state.withLock { $0.cancels += 1 }
    }

    /// Answers to `id` will throw `error`.
    public func refuseAnswers(to id: UInt32, with error: any Error & Sendable) {
        state.withLock { $0.refusing[id] = error }
    }

    /// How many times the exchange was started.
    public var runs: Int { state.value.runs }
    /// Every answer given, in order (refused ones too).
    public var answers: [Answer] { state.value.answers }
    /// How many times the invitation was taken back.
    public var cancels: Int { state.value.cancels }

    /// The lobby tells `event`.
    public func send(_ event: LobbyEvent) { continuation.yield(event) }
    /// The exchange is over.
    public func finish() { continuation.finish() }
    /// The exchange fails with `error`.
    public func fail(_ error: any Error) { continuation.finish(throwing: error) }
}
