/// Carries the messages that are not progress (`RaceMessage`) between peers. Delivery is best effort:
/// the use cases repeat what must arrive, and every message is idempotent.
public protocol RaceMessagingRepository: Sendable {
    /// Sends `message` from our runner `me` to the runners `recipients` (each to the address it was last
    /// heard from), or to every known peer when `recipients` is nil. Never throws: a lost send is
    /// repaired by the caller's next repetition.
    func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) async
    /// The messages that arrive from now on, already checked for well-formedness. Each call returns a
    /// new stream (several consumers may listen); it finishes when the repository closes.
    func messages() -> AsyncStream<ReceivedRaceMessage>
}
