import Domain
import Foundation
import SyncWire

/// What one received datagram produced: answers to send back to its source at once (a clock pong, a
/// catch-up relay), progress for the updates stream, and a lobby message or cheer for the subscribers.
struct InboundEffects: Sendable {
    /// Datagrams to send back to the source (already counted as sent, as the answer is written at once).
    var replies: [[UInt8]] = []
    /// Progress to hand to `updates()`, in order.
    var progress: [RunnerProgress] = []
    /// A checked datagram whose body is a lobby message, a cheer or a hello, for the subscribers.
    var lobby: SyncDatagram?

    /// The lobby message or cheer to hand to `messages()`, received at `now` on the race clock (which
    /// turns the wire's delays into instants); nil when there is none.
    func message(receivedAt now: Date) -> ReceivedRaceMessage? {
        guard let lobby, let message = RaceMessageWire.decode(lobby.message, from: lobby.sender, at: now) else { return nil }
        return ReceivedRaceMessage(sender: lobby.sender, message: message)
    }
}
