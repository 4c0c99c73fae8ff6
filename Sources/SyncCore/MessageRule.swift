import Domain
import SyncWire

/// Which message a rule is for: a message type, or type 15's subtype (an extended message of the sync
/// layer, 1 … 15, or a pairing, watch or signed message, 16 and up).
package enum MessageKind: Hashable, Sendable, CustomStringConvertible {
    case type(MessageType)
    case extended(ExtendedType)
    case pairing(UInt8)

    /// The kind of a decoded message.
    package init(_ message: SyncMessage) {
        switch message {
        case .extended(let extended): self = .extended(extended.type)
        case .pairing(let pairing): self = .pairing(pairing.subtype)
        default: self = .type(message.type)
        }
    }

    /// As docs/PROTOCOL.md's headings number it: `7`, `15/2`.
    package var description: String {
        switch self {
        case .type(let type): "\(type.rawValue)"
        case .extended(let subtype): "15/\(subtype.rawValue)"
        case .pairing(let subtype): "15/\(subtype)"
        }
    }
}

/// Every rule one message type or subtype is received under, as one declarative row
/// (docs/PROTOCOL.md, "Message rules"): the key it must be tagged with, who may send it, whether it
/// speaks about another runner, when it is accepted, whether and by whom it is signed, its size and its
/// rate. `PeerState.receive` looks the row up for every datagram it decodes and checks the row's generic
/// rules in one place (`PeerState.checkRule`) before the concern's handler sees the message; the
/// handler checks what only it can (a signature against the exchange it belongs to, a delta's base).
package struct MessageRule: Sendable {
    /// The key a datagram of this kind must be tagged with.
    package enum Tag: Sendable, Equatable {
        /// Never tagged, in any race (signed or sealed, to or from a spectator that holds no key yet).
        case none
        /// The race key's tag when the race has one (an open race: none).
        case race
        /// The race key's, or in an invited race the spectator key's (what a spectator may say).
        case raceOrSpectator
    }

    /// Who may send it.
    package enum Sender: Sendable, Equatable {
        /// Anyone who can tag it (an address, not a runner: address validation).
        case anyone
        /// A runner, about itself: through the runner directory (bound address, bounded number jump) and,
        /// keyed, the replay window.
        case runner
        /// In an invited race a runner of the host's signed roster (else as `runner`).
        case rosterRunner
        /// The invitation's host (or, to a spectator, the runner that granted it).
        case host
        /// An invitee of the invitation.
        case invitee
        /// A spectator (its own runner id, not one of the race's).
        case spectator
    }

    /// When it is accepted.
    package enum Phase: Sendable, Equatable {
        /// Whenever (the lobby, a race, a spectator).
        case any
        /// Only with a device identity (the lobby's pairing exchange and what follows it).
        case paired
        /// Only in an invited race, entered (its roster held).
        case invitedRace
    }

    /// Whether and by whom it is signed.
    package enum Signature: Sendable, Equatable {
        case none
        /// By the sender's device identity (checked by the exchange it belongs to).
        case senderIdentity
        /// By the sender's key in the host's signed roster.
        case rosterKey
    }

    /// How often a sender may send it (beyond: counted and dropped); nil: no bound of its own.
    package enum Rate: Sendable, Equatable {
        /// `CheerRate`: a burst of 3, then one a second per sender.
        case cheers
    }

    package let kind: MessageKind
    /// Its name as docs/PROTOCOL.md's heading gives it (`progress`, `address challenge`).
    package let name: String
    package let tag: Tag
    package let sender: Sender
    /// Whether it speaks about a runner other than its sender (a relayed state about its recipient, a
    /// pong about its requester, a pairing message about the other side of the exchange).
    package let aboutAnother: Bool
    package let phase: Phase
    package let signature: Signature
    /// Whether its source must be a validated address (it is answered, and an answer must not go to a
    /// spoofed one).
    package let validatedSource: Bool
    package let rate: Rate?
    /// The datagram's lengths without a tag (the codec refuses any other: `length-mismatch`).
    package let lengths: ClosedRange<Int>

    /// Why a datagram is refused: a `DatagramError` or a `PeerRefusal`, counted under its reason.
    package enum Refusal: Sendable, Equatable {
        case datagram(DatagramError)
        case peer(PeerRefusal)

        /// The reason it is counted under in `SyncStatistics.dropped`.
        package var reason: String {
            switch self {
            case .datagram(let error): error.reason
            case .peer(let refusal): refusal.reason
            }
        }

        /// Throws it.
        func raise() throws -> Never {
            switch self {
            case .datagram(let error): throw error
            case .peer(let refusal): throw refusal
            }
        }
    }

    /// What a datagram from a sender the row does not allow is refused as (a runner off an invited
    /// race's roster): `not-in-race`; a boot in a runner's name needs its own signature
    /// (`unsigned-decision`), a statement is one that does not check (`pairing-refused`).
    package var senderRefusal: Refusal {
        switch kind {
        case .pairing(26): .datagram(.unsignedDecision)
        case .pairing(22): .datagram(.pairingRefused("statement from a runner off the roster"))
        default: .datagram(.notInRace)
        }
    }

    /// What a datagram outside its phase is refused as.
    package var phaseRefusal: Refusal {
        switch (kind, phase) {
        case (_, .paired): .datagram(.pairingRefused("this peer has no identity"))
        case (.pairing(23), _): .peer(.watchNotInvited)
        case (.pairing(26), _): .datagram(.unsignedDecision)
        default: .datagram(.notInRace)
        }
    }

    /// The datagram goes through the runner directory and the replay window (it is about its sender);
    /// otherwise it is about an address (address validation) or travels untagged (watch messages).
    package var throughDirectory: Bool { tag != .none && (sender == .runner || sender == .rosterRunner) }

    private init(
        _ kind: MessageKind, _ name: String, tag: Tag = .race, sender: Sender, aboutAnother: Bool = false, phase: Phase = .any,
        signature: Signature = .none, validatedSource: Bool = false, rate: Rate? = nil
    ) {
        self.kind = kind
        self.name = name
        self.tag = tag
        self.sender = sender
        self.aboutAnother = aboutAnother
        self.phase = phase
        self.signature = signature
        self.validatedSource = validatedSource
        self.rate = rate
        self.lengths = switch kind {
        case .type(let type): type.lengths
        case .extended(let subtype): subtype.lengths
        case .pairing(let subtype): PairingDTO.datagramLengths(subtype: subtype) ?? 0...0
        }
    }

    /// The table: one row per message type and subtype, in docs/PROTOCOL.md's order.
    package static let table: [MessageRule] = [
        MessageRule(.type(.progress), "progress", sender: .rosterRunner),
        MessageRule(.type(.hello), "hello", sender: .rosterRunner),
        MessageRule(.type(.cheer), "cheer", sender: .runner, aboutAnother: true, rate: .cheers),
        MessageRule(.type(.clockPing), "clock ping", sender: .rosterRunner, validatedSource: true),
        MessageRule(.type(.clockPong), "clock pong", sender: .rosterRunner, aboutAnother: true),
        MessageRule(.extended(.addressChallenge), "address challenge", tag: .raceOrSpectator, sender: .anyone),
        MessageRule(.extended(.addressEcho), "address echo", tag: .raceOrSpectator, sender: .anyone),
        MessageRule(.extended(.groupHearing), "group hearing", sender: .runner, aboutAnother: true),
        MessageRule(.extended(.ghostChunk), "ghost chunk", sender: .rosterRunner),
        MessageRule(.type(.presence), "presence", tag: .raceOrSpectator, sender: .runner),
        MessageRule(.type(.invitation), "invitation", sender: .host, aboutAnother: true),
        MessageRule(.type(.answer), "answer", sender: .invitee, aboutAnother: true),
        MessageRule(.type(.outcome), "outcome", sender: .host, aboutAnother: true),
        MessageRule(.pairing(16), "offer", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(17), "reply", sender: .invitee, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(18), "reveal", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(19), "decision", sender: .invitee, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(20), "grant", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(21), "roster", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(22), "statement", sender: .rosterRunner, phase: .invitedRace, signature: .rosterKey),
        MessageRule(.pairing(23), "watch request", tag: .none, sender: .spectator, phase: .invitedRace, signature: .senderIdentity),
        MessageRule(.pairing(24), "watch grant", tag: .none, sender: .runner, aboutAnother: true, signature: .senderIdentity),
        MessageRule(.pairing(25), "watch refusal", tag: .none, sender: .runner, aboutAnother: true),
        MessageRule(.pairing(26), "signed boot", sender: .rosterRunner, phase: .invitedRace, signature: .rosterKey),
        MessageRule(.pairing(27), "outcome signature", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(28), "course request", sender: .invitee, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.pairing(29), "course chunk", sender: .host, aboutAnother: true, phase: .paired, signature: .senderIdentity),
        MessageRule(.type(.boot), "boot", sender: .runner),
        MessageRule(.type(.relayedState), "relayed state", sender: .runner, aboutAnother: true),
        MessageRule(.type(.progressDelta), "progress delta", sender: .rosterRunner),
        MessageRule(.type(.acknowledgement), "acknowledgement", sender: .runner, aboutAnother: true),
        MessageRule(.type(.finishedProgress), "finished progress", sender: .rosterRunner),
    ]

    /// The rows of the message types, by type number, and of type 15's subtypes, by subtype byte (looked
    /// up once per datagram received: an index, not a hash).
    private static let byType: [MessageRule?] = (0...15).map { number in
        MessageType(rawValue: UInt8(number)).flatMap { type in table.first { $0.kind == .type(type) } }
    }
    private static let bySubtype: [MessageRule?] = (0...255).map { byte in
        table.first { rule in
            switch rule.kind {
            case .extended(let subtype): subtype.rawValue == byte
            case .pairing(let subtype): Int(subtype) == byte
            case .type: false
            }
        }
    }

    /// The row of `message`'s kind (every kind the codec decodes has one: `MessageRuleTableTests`).
    package static func rule(for message: SyncMessage) -> MessageRule? {
        switch message {
        case .extended(let extended): bySubtype[Int(extended.type.rawValue)]
        case .pairing(let pairing): bySubtype[Int(pairing.subtype)]
        default: byType[Int(message.type.rawValue)]
        }
    }

    /// The row of `kind`.
    package static func rule(for kind: MessageKind) -> MessageRule? {
        let rule = switch kind {
        case .type(let type): byType[Int(type.rawValue)]
        case .extended(let subtype): bySubtype[Int(subtype.rawValue)]
        case .pairing(let subtype): bySubtype[Int(subtype)]
        }
        return rule?.kind == kind ? rule : nil
    }
}
