import Domain

/// The message types of protocol version 2: the high nibble of header byte 3 (docs/PROTOCOL.md).
public enum MessageType: UInt8, Sendable, Hashable, CaseIterable {
    /// A peer's boot epoch, sent with every hello: a newer one says the peer restarted (catch-up).
    case boot = 10
    /// A runner's state as a mate held it, sent back to that runner after its peer restarted.
    case relayedState = 11
    /// A runner's progress as the change since a state the receiver acknowledged.
    case progressDelta = 12
    /// The highest datagram number of the recipient's progress the sender holds (a delta base).
    case acknowledgement = 13
    /// A finished runner's whole state in 24 bytes (elapsed and distance in 3 bytes each).
    case finishedProgress = 14
    /// One runner's current state: phase, elapsed time, distance, finish time.
    case progress = 1
    /// Who a runner is and which run it is in: name, mode, goal. Sent less often than progress.
    case hello = 2
    /// An emoji from one runner to a mate.
    case cheer = 3
    /// A request for the race clock: carries t1.
    case clockPing = 4
    /// The answer to a ping: echoes t1, adds t2 (received) and t3 (sent).
    case clockPong = 5
    /// Who a runner is and whether it can be invited (before a run).
    case presence = 6
    /// An invitation to a run, from its host to the invitees.
    case invitation = 7
    /// An invitee's accept or decline.
    case answer = 8
    /// How an invitation ended: the start (with the countdown), cancelled, timed out, refused, declined.
    case outcome = 9
    /// A message whose first body byte is a subtype: 1 … 15 the sync layer's (`ExtendedType`: address
    /// challenge and echo, …), from `ExtendedType.firstIdentitySubtype` on the pairing, watch and signed
    /// messages (`PairingDTO`; every subtype and its rules: `MessageRule.table` in SyncCore).
    case extended = 15

    /// The exact total length of a datagram of this type, or its range for `hello` (the name varies).
    package var lengths: ClosedRange<Int> {
        switch self {
        case .boot: 24...24
        case .relayedState: 45...45
        case .progressDelta: 21...23
        case .acknowledgement: 20...20
        case .finishedProgress: 24...24
        case .progress: 24...28
        case .hello: 23...(22 + 32 + SyncDatagramCodec.courseBlockLength(nameBytes: CourseTerms.maximumNameBytes) + 4)
        case .cheer: 33...33
        case .clockPing: 24...24
        case .clockPong: 48...48
        case .presence: 18...(17 + 32)
        case .invitation: (30 + 8 + 2)...(30 + 8 * InvitationOffer.maximumInvitees + SyncDatagramCodec.invitationCourseBlockLength + 33)
        case .answer: 28...28
        case .outcome: 20...(25 + 14 * (InvitationOffer.maximumInvitees + 1))
        case .extended: min(ExtendedType.allLengths.lowerBound, PairingDTO.minimumDatagramLength)...max(ExtendedType.allLengths.upperBound, PairingDTO.maximumDatagramLength)
        }
    }
}

extension MessageType {
    /// The type an encoded datagram names in its header (high nibble of byte 3), or nil for bytes too
    /// short or without the magic: for counting what goes out, not for checking what comes in.
    public init?(encoded bytes: [UInt8]) {
        guard bytes.count >= DatagramHeader.length, bytes[0] == DatagramHeader.magic[0], bytes[1] == DatagramHeader.magic[1] else { return nil }
        self.init(rawValue: bytes[3] >> 4)
    }

    /// A short, stable name for counters and logs.
    public var name: String {
        switch self {
        case .boot: "boot"
        case .relayedState: "relayed-state"
        case .progressDelta: "progress-delta"
        case .acknowledgement: "acknowledgement"
        case .finishedProgress: "finished-progress"
        case .progress: "progress"
        case .hello: "hello"
        case .cheer: "cheer"
        case .clockPing: "clock-ping"
        case .clockPong: "clock-pong"
        case .presence: "presence"
        case .invitation: "invitation"
        case .answer: "answer"
        case .outcome: "outcome"
        case .extended: "extended"
        }
    }
}
