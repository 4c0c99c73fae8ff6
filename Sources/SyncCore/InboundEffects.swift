import Domain
import Foundation
import SyncWire

/// What one received datagram produced: answers to send back to its source at once (a clock pong, a
/// catch-up relay), progress for the updates stream, and a lobby message or cheer for the subscribers.
package struct InboundEffects: Sendable {
    /// Datagrams to send back to the source (already counted as sent, as the answer is written at once).
    package var replies: [[UInt8]] = []
    /// Progress to hand to `updates()`, in order.
    package var progress: [RunnerProgress] = []
    /// Mates' ghosts that this datagram completed, for `ghosts()`.
    package var ghosts: [Ghost] = []
    /// A checked datagram whose body is a lobby message, a cheer or a hello, for the subscribers.
    package var lobby: SyncDatagram?
    /// The host's identity and the code of an invitation whose pairing completed (attached to `lobby`).
    var security: InvitationSecurity?
    /// A host: an invitee completed the pairing of an invitation (invitation, identity, code).
    package var pairingCode: (invitation: UInt32, identity: MateIdentity, code: String)?
    /// Who sent the datagram with `pairingCode`.
    var pairingSender: RunnerID?
    /// The previous UTC day's key to derive, off the receive path (a datagram failed as bad-tag under a
    /// defaulted race id: `PeerState+RaceIDFallback`).
    package var previousDayWanted: PreviousDayRaceKey?
    /// The previous UTC day's race id, adopted: this datagram authenticated under its key.
    package var adoptedRaceID: String?

    /// The lobby message or cheer to hand to `messages()`, received at `now` on the race clock (which
    /// turns the wire's delays into instants); nil when there is none.
    package func message(receivedAt now: Date) -> ReceivedRaceMessage? {
        if let pairingCode, let pairingSender {
            return ReceivedRaceMessage(sender: pairingSender, message: .pairingCode(
                invitation: pairingCode.invitation, identity: pairingCode.identity, code: pairingCode.code
            ))
        }
        guard let lobby, var message = RaceMessageWire.decode(lobby.message, from: lobby.sender, at: now) else { return nil }
        if case .invitation(var offer) = message, let security {
            offer.security = security
            message = .invitation(offer)
        }
        return ReceivedRaceMessage(sender: lobby.sender, message: message)
    }
}
