import Foundation

/// Why an invitation, or an answer to one, was refused. Each message says what to do.
public enum InvitationError: Error, Equatable, CustomStringConvertible {
    /// Single runs have no mates to invite.
    case singleRunNeedsNoInvitation
    /// Nobody was invited.
    case noInvitees
    /// The host is among the invitees.
    case hostInvited
    /// This invitee is already running another run.
    case busy(String)
    /// The timeout is not a positive number of seconds.
    case invalidTimeout(TimeInterval)
    /// The runner answering was not invited.
    case notInvited
    /// The invitee already accepted or declined.
    case alreadyAnswered
    /// The host cancelled the invitation.
    case cancelled
    /// The invitation timed out.
    case timedOut
    /// Someone other than the host tried to cancel.
    case onlyHostCancels
    /// Everyone has answered already; there is nothing left to cancel.
    case alreadyClosed

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .singleRunNeedsNoInvitation: "a single run has no mates: pick race or team mode to invite someone"
        case .noInvitees: "nobody was invited: pick at least one mate from the list of peers"
        case .hostInvited: "you cannot invite yourself: pick a mate from the list of peers"
        case .busy(let name): "\(name) is already running: wait until that run ends, or invite someone else"
        case .invalidTimeout(let seconds): "the invitation timeout \(seconds) s is not a positive number: use e.g. 10"
        case .notInvited: "this runner was not invited: ask the host for an invitation"
        case .alreadyAnswered: "this invitation was already answered: wait for the host to start or invite again"
        case .cancelled: "the host cancelled this invitation: ask for a new one"
        case .timedOut: "this invitation timed out: ask the host to invite you again"
        case .onlyHostCancels: "only the host can cancel an invitation: decline it instead"
        case .alreadyClosed: "everyone has answered this invitation already: cancel the run instead"
        }
    }
}
