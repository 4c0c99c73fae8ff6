import Domain

/// The body of one protocol-version-2 datagram, decoded and range-checked. Layouts in docs/PROTOCOL.md.
package enum SyncMessage: Sendable, Hashable {
    /// The sender's boot epoch: microseconds since 1970 when its process started (type 10).
    case boot(epoch: UInt64)
    /// `subject`'s state as the sender held it, sent back after `subject`'s peer restarted: the highest
    /// datagram number the sender saw from it, the number of the held progress, and that progress (type 11).
    case relayedState(subject: RunnerID, highestNumber: UInt32, heldSequence: UInt32, report: ProgressReportDTO)
    /// A runner's progress as the change since a base the receiver acknowledged (type 12).
    case progressDelta(ProgressDeltaDTO)
    /// The recipient's progress numbered `number` is held by the sender, which may be used as a base (type 13).
    case acknowledgement(number: UInt32)
    /// A finished runner's whole state, compact: elapsed < 2²⁴ ms, distance < 2²⁴ cm, finish ≥ elapsed − 65 535 ms (type 14).
    case finishedProgress(ProgressReportDTO)
    /// A runner's state (type 1).
    case progress(ProgressReportDTO)
    /// A runner's name and the run it is in, with its course if it has one, and whether the runner is
    /// off that course (type 2).
    case hello(name: String, terms: RaceTerms, offCourse: Bool = false)
    /// An emoji to `recipient` (nil: every mate; 0 on the wire), sent at `sentAtMilliseconds` (race
    /// clock, since 1970) (type 3).
    case cheer(recipient: RunnerID?, emoji: CheerEmoji, sentAtMilliseconds: UInt64)
    /// A clock request sent at `t1` (microseconds since 1970 on the requester's clock) (type 4).
    case clockPing(t1: UInt64)
    /// The answer to `requester`'s ping: its `t1`, and `t2`/`t3` on the answering clock (type 5).
    case clockPong(requester: RunnerID, t1: UInt64, t2: UInt64, t3: UInt64)
    /// The sender's name and availability (type 6).
    case presence(name: String, availability: Availability)
    /// An invitation from its host, the sender (type 7).
    case invitation(InvitationDTO)
    /// The sender's answer to `host`'s invitation `invitation` (type 8).
    case answer(invitation: UInt32, host: RunnerID, accepted: Bool)
    /// How the sender's invitation `invitation` ended (type 9).
    case outcome(invitation: UInt32, OutcomeDTO)
    /// A pairing, watch or signed message (type 15, from `ExtendedType.firstIdentitySubtype` on: `PairingDTO`).
    case pairing(PairingDTO)
    /// A message of the extended type 15, named by its subtype (address challenge and echo).
    case extended(ExtendedMessage)

    /// The message type byte of this body.
    package var type: MessageType {
        switch self {
        case .boot: .boot
        case .relayedState: .relayedState
        case .progressDelta: .progressDelta
        case .acknowledgement: .acknowledgement
        case .finishedProgress: .finishedProgress
        case .progress: .progress
        case .hello: .hello
        case .cheer: .cheer
        case .clockPing: .clockPing
        case .clockPong: .clockPong
        case .presence: .presence
        case .invitation: .invitation
        case .answer: .answer
        case .outcome: .outcome
        case .pairing, .extended: .extended
        }
    }
}
