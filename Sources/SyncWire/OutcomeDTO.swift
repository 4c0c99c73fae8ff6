import Domain

/// How an invitation ended, as the wire carries it (type 9; the kind is in the header flags).
package enum OutcomeDTO: Sendable, Hashable {
    /// The run starts this many milliseconds (race clock) after the datagram was sent (≤ 60 000), with
    /// these runners (2 … 9, distinct, lowest id first), each with the address the host hears it at
    /// (so that runners who only know the host find each other).
    case start(inMilliseconds: UInt32, runners: [StartingRunner])
    /// The host cancelled the invitation.
    case cancelled
    /// The timeout passed before this invitee answered, or nobody accepted.
    case timedOut
    /// This invitee's answer came too late (after the timeout or a cancel) and is refused.
    case refused
    /// Everyone answered and nobody accepted: there is no run.
    case declined

    /// The longest countdown sent: one minute.
    package static let maximumStartMilliseconds: UInt32 = 60_000

    /// The header flags naming the kind.
    package var kind: UInt8 {
        switch self {
        case .start: 0
        case .cancelled: 1
        case .timedOut: 2
        case .refused: 3
        case .declined: 4
        }
    }
}
