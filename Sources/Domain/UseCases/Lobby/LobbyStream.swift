/// What both lobbies do to run: listen to the peers' messages from the start, hand each to the lobby,
/// run its exchange, and end the event stream with how the exchange ended (cancelling the consumer
/// stops it all).
enum LobbyStream {
    static func make(
        messaging: any RaceMessagingRepository,
        attach: @escaping @Sendable (AsyncThrowingStream<LobbyEvent, any Error>.Continuation) async -> Void,
        handle: @escaping @Sendable (ReceivedRaceMessage) async -> Void,
        exchange: @escaping @Sendable () async throws -> Void
    ) -> AsyncThrowingStream<LobbyEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LobbyEvent.self)
        // Subscribed before the exchange sends anything, so no answer can be missed.
        let incoming = messaging.messages()
        let task = Task {
            await attach(continuation)
            let receiver = Task { for await message in incoming { await handle(message) } }
            defer { receiver.cancel() }
            do {
                try await exchange()
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
