import Domain
import Foundation

/// Between the Domain's `RaceMessage` (instants on our race clock) and the wire's `SyncMessage`
/// (delays from the moment of sending; docs/PROTOCOL.md, "Lobby").
package enum RaceMessageWire {
    /// The wire form of `message` sent by `me` at `now`; nil for what cannot be sent (an invitation
    /// already expired, a start already past).
    package static func encode(
        _ message: RaceMessage, from me: Runner, at now: Date, address: (RunnerID) -> StartingRunner? = { _ in nil }
    ) -> SyncMessage? {
        switch message {
        case .presence(_, let availability):
            return .presence(name: me.name, availability: availability)
        case .invitation(let offer):
            let left = milliseconds(offer.expiresAt.timeIntervalSince(now))
            guard left > 0, !offer.invitees.isEmpty, offer.invitees.count <= InvitationOffer.maximumInvitees else { return nil }
            return .invitation(InvitationDTO(
                id: offer.id, terms: offer.terms, answerWithinMilliseconds: min(left, InvitationDTO.maximumAnswerMilliseconds),
                invitees: Array(Set(offer.invitees)).sorted(), hostName: offer.host.name, course: offer.course
            ))
        case let .answer(invitation, host, accepted):
            return .answer(invitation: invitation, host: host, accepted: accepted)
        case let .outcome(invitation, outcome):
            switch outcome {
            case let .start(at, runners):
                let ids = Array(Set(runners)).sorted()
                guard (2...InvitationOffer.maximumInvitees + 1).contains(ids.count) else { return nil }
                let delay = min(milliseconds(at.timeIntervalSince(now)), OutcomeDTO.maximumStartMilliseconds)
                let runners = ids.map { address($0) ?? StartingRunner(id: $0) }
                return .outcome(invitation: invitation, .start(inMilliseconds: delay, runners: runners))
            case .cancelled: return .outcome(invitation: invitation, .cancelled)
            case .timedOut: return .outcome(invitation: invitation, .timedOut)
            case .refused: return .outcome(invitation: invitation, .refused)
            case .declined: return .outcome(invitation: invitation, .declined)
            }
        case .pairingCode:
            return nil
        case let .cheer(recipient, emoji, sentAt):
            return .cheer(
                recipient: recipient, emoji: emoji,
                sentAtMilliseconds: UInt64(max(0, (sentAt.timeIntervalSince1970 * 1000).rounded()))
            )
        }
    }

    /// The Domain form of a lobby message or cheer from `sender`, received at `now`; nil for the other types.
    package static func decode(_ message: SyncMessage, from sender: RunnerID, at now: Date) -> RaceMessage? {
        switch message {
        case let .presence(name, availability):
            return .presence(Runner(id: sender, name: name), availability)
        case .invitation(let offer):
            return .invitation(InvitationOffer(
                id: offer.id, host: Runner(id: sender, name: offer.hostName), terms: offer.terms, invitees: offer.invitees,
                sentAt: now, timeout: Double(offer.answerWithinMilliseconds) / 1000, course: offer.course
            ))
        case let .answer(invitation, host, accepted):
            return .answer(invitation: invitation, host: host, accepted: accepted)
        case let .outcome(invitation, outcome):
            switch outcome {
            case let .start(delay, runners):
                return .outcome(invitation: invitation, .start(at: now.addingTimeInterval(Double(delay) / 1000), runners: runners.map(\.id)))
            case .cancelled: return .outcome(invitation: invitation, .cancelled)
            case .timedOut: return .outcome(invitation: invitation, .timedOut)
            case .refused: return .outcome(invitation: invitation, .refused)
            case .declined: return .outcome(invitation: invitation, .declined)
            }
        case let .cheer(recipient, emoji, sentAt):
            return .cheer(recipient: recipient, emoji: emoji, sentAt: Date(timeIntervalSince1970: Double(sentAt) / 1000))
        case let .hello(name, _, _):
            return .presence(Runner(id: sender, name: name), .running)
        case .progress, .clockPing, .clockPong, .boot, .relayedState, .progressDelta, .acknowledgement, .finishedProgress,
             .extended, .pairing:
            return nil
        }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> UInt32 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return UInt32(min(Double(UInt32.max), (seconds * 1000).rounded()))
    }
}
