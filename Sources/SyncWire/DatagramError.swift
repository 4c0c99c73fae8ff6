import Domain

/// Why a datagram was dropped. Every case is counted by the sync repository.
public enum DatagramError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A progress delta whose base state this peer does not hold (lost, or from before a restart).
    case unknownBase
    /// Shorter than the shortest message (or than its header says), `length` bytes.
    case tooShort(length: Int)
    /// Longer than the longest message, `length` bytes.
    case tooLong(length: Int)
    /// Does not start with "MR".
    case badMagic
    /// Another protocol version than this build's (`DatagramHeader.version`).
    case unsupportedVersion(UInt8)
    /// A message type this version does not define.
    case unknownType(UInt8)
    /// A length its type does not allow: `expected` by its fields, `actual` received.
    case lengthMismatch(expected: Int, actual: Int)
    /// The named field holds a value outside its range (docs/PROTOCOL.md gives each field's rules).
    case fieldOutOfRange(String)
    /// A progress datagram from a runner whose hello (name, terms) has not arrived yet.
    case unknownSender(RunnerID)
    /// A datagram that names this peer's own runner as its sender.
    case ownSender
    /// More distinct runners than the roster holds (64, `UDPRaceSyncRepository.maximumPeers`).
    case rosterFull
    /// A race key is set and the datagram carries no tag.
    case missingTag
    /// No race key is set and the datagram carries a tag.
    case unexpectedTag
    /// The tag is not the race key's tag of the datagram: another key, or a forged or damaged datagram.
    case badTag
    /// A clock pong that answers no ping of ours to the race-clock host.
    case unsolicitedPong
    /// An authenticated datagram whose number was seen already or is older than the replay window.
    case replayed
    /// An authenticated datagram whose number was accepted a moment ago: the same datagram twice (on the
    /// multicast group and unicast, or repeated by the network).
    case duplicate
    /// A pairing message (type 15) that does not check: not signed by the identity it names for this
    /// exchange, a commitment or seal that does not open, or no identity here to pair with.
    case pairingRefused(String)
    /// In an invited race: a finished or cancelled state its runner has not signed (another key holder
    /// speaking for it, or the statement not arrived yet).
    case unsignedDecision
    /// In an invited race: progress from a runner the host's roster does not list.
    case notInRace

    /// A short, stable name for counting drops by reason.
    public var reason: String {
        switch self {
        case .unknownBase: "unknown-base"
        case .tooShort: "too-short"
        case .tooLong: "too-long"
        case .badMagic: "bad-magic"
        case .unsupportedVersion: "unsupported-version"
        case .unknownType: "unknown-type"
        case .lengthMismatch: "length-mismatch"
        case .fieldOutOfRange: "field-out-of-range"
        case .unknownSender: "unknown-sender"
        case .ownSender: "own-sender"
        case .rosterFull: "roster-full"
        case .missingTag: "missing-tag"
        case .unexpectedTag: "unexpected-tag"
        case .badTag: "bad-tag"
        case .replayed: "replayed"
        case .duplicate: "duplicate"
        case .unsolicitedPong: "unsolicited-pong"
        case .pairingRefused: "pairing-refused"
        case .unsignedDecision: "unsigned-decision"
        case .notInRace: "not-in-race"
        }
    }

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownBase: "progress delta against a state this peer does not hold: the sender's next full progress repairs it"
        case .tooShort(let length): "datagram of \(length) bytes is shorter than any message"
        case .tooLong(let length): "datagram of \(length) bytes is longer than any message"
        case .badMagic: "datagram does not start with the MateRunner magic 'MR'"
        case .unsupportedVersion(let version):
            "datagram has protocol version \(version), this build speaks \(DatagramHeader.version): update materunner on every peer"
        case .unknownType(let type): "datagram has unknown message type \(type)"
        case .lengthMismatch(let expected, let actual): "datagram is \(actual) bytes, its fields say \(expected)"
        case .fieldOutOfRange(let field): "datagram field '\(field)' is out of range"
        case .unknownSender(let id): "progress from runner \(id) before its hello: it is applied once the hello arrives"
        case .ownSender: "datagram claims to come from this runner: is another peer using the same runner id?"
        case .missingTag: "datagram has no authentication tag but this race has a key: start every runner with the same race key"
        case .unexpectedTag: "datagram is authenticated but this race is open: give this runner the race key too (--race-key-file)"
        case .badTag: "datagram failed authentication: check every runner uses the same race key and race id (--race-id)"
        case .unsolicitedPong: "clock pong answers no ping of ours to the race-clock host: ignored"
        case .replayed: "datagram repeats one already received, or is older than the replay window: dropped as a replay"
        case .duplicate: "datagram received twice (on the multicast group and unicast): the second copy is dropped"
        case .rosterFull: "more runners than a race holds (64): is another race on this LAN?"
        case .pairingRefused(let why): "pairing message refused: \(why)"
        case .unsignedDecision: "finished or cancelled state its runner did not sign: dropped (the next one after its statement counts)"
        case .notInRace: "progress from a runner the host did not admit to this invited race: dropped"
        }
    }
}
