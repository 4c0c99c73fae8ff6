import Domain

/// What one received datagram produced: answers to send back to its source at once (a clock pong, a
/// catch-up relay), progress for the updates stream, and a lobby message or cheer for the subscribers.
struct InboundEffects: Sendable {
    /// Datagrams to send back to the source (already counted as sent, as the answer is written at once).
    var replies: [[UInt8]] = []
    /// Progress to hand to `updates()`, in order.
    var progress: [RunnerProgress] = []
    /// A lobby message or cheer to hand to `messages()`.
    var message: ReceivedRaceMessage?
}
